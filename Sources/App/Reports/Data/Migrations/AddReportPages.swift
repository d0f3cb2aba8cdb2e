import Fluent
import SQLKit

/// `report_pages` (each page's text, so a search names the pages of a hit) and `report_words`
/// (every indexed word, to correct a misspelt one), filled with the words already indexed.
/// Reports imported before keep no page breaks in their text: their pages are indexed when an
/// import next renders them.
struct AddReportPages: AsyncMigration {
    func prepare(on database: Database) async throws {
        let sql = try database.sql()
        try await ReportSearchIndex.createPagesAndWords(on: sql)
        try await ReportSearchIndex.refreshWords(on: sql, withSpellings: false)
    }

    func revert(on database: Database) async throws {
        try await ReportSearchIndex.dropPagesAndWords(on: database.sql())
    }
}
