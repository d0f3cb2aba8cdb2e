import KineticCore
import SQLKit

/// What the two databases' full-text engines do differently for ``ReportSearchIndex``, which
/// does the rest: SQLite's FTS5 (``SQLiteReportSearch``) and PostgreSQL's `tsvector`
/// (``PostgresReportSearch``). A query reaches an engine written out for it (``written(_:corrections:phrasesAsWords:)``)
/// and is bound as a parameter, never as typed.
protocol ReportSearchEngine: Sendable {
    /// Makes `report_search`, each report's title, keywords and ranked text.
    func createReportTable(on sql: any SQLDatabase) async throws
    /// Makes `report_pages` (each page's text) and `report_words` (every word indexed, in byte
    /// order, so that a range finds the words a prefix starts).
    func createPagesAndWords(on sql: any SQLDatabase) async throws
    /// Indexes a report's pages (``ReportPageText/pages(of:firstNumber:)``), which are in the
    /// index no more, reading `text` a batch of pages at a time.
    func putPages(of reportID: String, from text: ReportText, on sql: any SQLDatabase) async throws
    func removeAllPages(on sql: any SQLDatabase) async throws
    /// Removes the pages of `reportIDs` (not empty).
    func removePages(of reportIDs: [String], on sql: any SQLDatabase) async throws
    /// The text of each page of `reportID` that has some, in order.
    func pageTexts(of reportID: String, on sql: any SQLDatabase) async throws -> [ReportPageText.Stored]
    /// Fills the emptied `report_words` with every word the index holds.
    func fillWords(on sql: any SQLDatabase) async throws
    /// `word` as the index keeps it.
    func stored(_ word: String) -> String
    /// `query` as the engine reads it, for ranking reports; with `phrasesAsWords`, each phrase's
    /// words anywhere.
    func written(_ query: ReportSearchQuery, corrections: [String: [String]], phrasesAsWords: Bool) -> String
    /// `query` as the engine reads it, for finding pages.
    func writtenForPages(_ query: ReportSearchQuery, corrections: [String: [String]], on sql: any SQLDatabase) async throws -> String
    /// The reports matching `written` (`onPages` for their pages), best first, at most `limit`,
    /// each with its matching pages and a snippet.
    func rankedHits(_ written: String, onPages: String, limit: Int, on sql: any SQLDatabase) async throws -> [ReportSearchIndex.Hit]
    /// The reports whose ranked text matches `relaxed` and not `written`.
    func reports(matching relaxed: String, notMatching written: String, on sql: any SQLDatabase) async throws -> [String]
    /// How many pages of each of `reportIDs` match `onPages`, for those with any.
    func matchingPageCounts(_ onPages: String, of reportIDs: [String], on sql: any SQLDatabase) async throws -> [String: Int]
    /// The pages of `reportIDs` matching `onPages`, and a snippet from each report's best one.
    func pages(
        matching onPages: String, of reportIDs: [String], on sql: any SQLDatabase
    ) async throws -> [String: ReportSearchIndex.PagesFound]
}
