import Fluent
import Foundation
import KineticCore
import SQLKit

/// PostgreSQL's full-text search for ``ReportSearchIndex``: `tsvector` columns with GIN
/// indexes, the `simple` configuration, weights A/B/D (title, keywords, text), ranked by
/// `ts_rank`, snippets from `ts_headline`.
struct PostgresReportSearch: ReportSearchEngine {
    func createReportTable(on sql: any SQLDatabase) async throws {
        try await sql.raw(
            """
            CREATE TABLE report_search (
                report_id TEXT PRIMARY KEY, title TEXT NOT NULL, keywords TEXT NOT NULL, body TEXT NOT NULL,
                document tsvector GENERATED ALWAYS AS (
                    setweight(to_tsvector('simple'::regconfig, title), 'A')
                    || setweight(to_tsvector('simple'::regconfig, keywords), 'B')
                    || setweight(to_tsvector('simple'::regconfig, body), 'D')) STORED)
            """
        ).run()
        try await sql.raw("CREATE INDEX report_search_document ON report_search USING GIN (document)").run()
    }

    func createPagesAndWords(on sql: any SQLDatabase) async throws {
        try await sql.raw(
            """
            CREATE TABLE report_pages (
                report_id TEXT NOT NULL, page INTEGER NOT NULL, contents INTEGER NOT NULL, body TEXT NOT NULL,
                document tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, body)) STORED,
                PRIMARY KEY (report_id, page))
            """
        ).run()
        try await sql.raw("CREATE INDEX report_pages_document ON report_pages USING GIN (document)").run()
        try await sql.raw(#"CREATE TABLE report_words (word TEXT COLLATE "C" PRIMARY KEY)"#).run()
    }

    func putPages(of reportID: String, from text: ReportText, on sql: any SQLDatabase) async throws {
        try await text.forEachBatch { batch, firstPage in
            let pages = ReportPageText.pages(of: batch, firstNumber: firstPage)
            for part in stride(from: 0, to: pages.count, by: 50).map({ pages[$0..<min($0 + 50, pages.count)] }) {
                let rows = part.map { page in
                    SQLGroupExpression([SQLBind(reportID), SQLBind(page.number), SQLBind(page.isContents ? 1 : 0), SQLBind(page.text)])
                }
                try await sql.raw("INSERT INTO report_pages (report_id, page, contents, body) VALUES \(SQLList(rows))").run()
            }
        }
    }

    func removeAllPages(on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM report_pages").run()
    }

    func removePages(of reportIDs: [String], on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM report_pages WHERE report_id IN (\(SQLList(reportIDs.map { SQLBind($0) })))").run()
    }

    func pageTexts(of reportID: String, on sql: any SQLDatabase) async throws -> [ReportPageText.Stored] {
        try await sql.raw("SELECT page, body FROM report_pages WHERE report_id = \(bind: reportID) ORDER BY page").all(
            decoding: ReportPageText.Stored.self)
    }

    func fillWords(on sql: any SQLDatabase) async throws {
        try await sql.raw("INSERT INTO report_words (word) SELECT word FROM ts_stat('SELECT document FROM report_search')").run()
    }

    func stored(_ word: String) -> String { word }

    func written(_ query: ReportSearchQuery, corrections: [String: [String]], phrasesAsWords: Bool) -> String {
        query.tsquery(corrections: corrections, phrasesAsWords: phrasesAsWords)
    }

    func writtenForPages(_ query: ReportSearchQuery, corrections: [String: [String]], on sql: any SQLDatabase) async throws -> String {
        written(query, corrections: corrections, phrasesAsWords: false)
    }

    func reports(matching relaxed: String, notMatching written: String, on sql: any SQLDatabase) async throws -> [String] {
        struct Row: Decodable { let report_id: String }
        return try await sql.raw(
            """
            SELECT report_id FROM report_search
            WHERE document @@ to_tsquery('simple'::regconfig, \(bind: relaxed)) AND NOT document @@ to_tsquery('simple'::regconfig, \(bind: written))
            """
        ).all(decoding: Row.self).map(\.report_id)
    }

    /// How many pages of each of `reportIDs` match `tsquery`, for those with any.
    func matchingPageCounts(
        _ tsquery: String, of reportIDs: [String], on sql: any SQLDatabase
    ) async throws -> [String: Int] {
        struct Count: Decodable {
            let report_id: String
            let pages: Int
        }
        var counts: [String: Int] = [:]
        for start in stride(from: 0, to: reportIDs.count, by: 500) {
            let ids = SQLList(reportIDs[start..<min(start + 500, reportIDs.count)].map { SQLBind($0) })
            for count in try await sql.raw(
                """
                SELECT report_id, count(*) AS pages FROM report_pages
                WHERE report_id IN (\(ids)) AND document @@ to_tsquery('simple'::regconfig, \(bind: tsquery))
                GROUP BY report_id
                """
            ).all(decoding: Count.self) {
                counts[count.report_id] = count.pages
            }
        }
        return counts
    }

    private struct RankedReport: Decodable {
        let report_id: String
        let snippet: String?
    }

    /// The reports ranked, each with its headline, then their pages.
    func rankedHits(_ tsquery: String, onPages: String, limit: Int, on sql: any SQLDatabase) async throws -> [ReportSearchIndex.Hit] {
        let reports = try await rankedReports(tsquery, limit: limit, on: sql)
        guard !reports.isEmpty else { return [] }
        let pages = try await pages(matching: tsquery, of: reports.map(\.report_id), on: sql)
        return reports.map { ReportSearchIndex.hit($0.report_id, $0.snippet, in: pages[$0.report_id]) }
    }

    private static let headlineOptions =
        "StartSel=\(ReportSearchIndex.hitStart), StopSel=\(ReportSearchIndex.hitEnd), MaxWords=24, MinWords=10, MaxFragments=1, FragmentDelimiter=…"

    private func rankedReports(_ tsquery: String, limit: Int, on sql: any SQLDatabase) async throws -> [RankedReport] {
        try await sql.raw(
            """
            SELECT report_id, ts_headline('simple'::regconfig, body, q, \(bind: Self.headlineOptions)) AS snippet
            FROM report_search, to_tsquery('simple'::regconfig, \(bind: tsquery)) AS q
            WHERE document @@ q ORDER BY ts_rank(document, q) DESC, report_id LIMIT \(bind: limit)
            """
        ).all(decoding: RankedReport.self)
    }

    /// One matching page: `rank` lower is better.
    private struct MatchingPage: Decodable {
        let report_id: String
        let page: Int
        let contents: Int
        let rank: Double
    }

    /// Each report's matching pages, in order, and which is best for a snippet: the best ranked
    /// page that is not a table of contents, else the best ranked.
    private func grouped(_ rows: [MatchingPage]) -> (pages: [String: [Int]], best: [String: Int]) {
        var pages: [String: [Int]] = [:]
        var best: [String: MatchingPage] = [:]
        for row in rows {
            pages[row.report_id, default: []].append(row.page)
            if let current = best[row.report_id], (current.contents, current.rank, current.page) <= (row.contents, row.rank, row.page) {
                continue
            }
            best[row.report_id] = row
        }
        return (pages.mapValues { $0.sorted() }, best.mapValues(\.page))
    }

    private struct PageSnippet: Decodable {
        let report_id: String
        let page: Int
        let snippet: String?
    }

    private func pagesFound(
        _ grouped: (pages: [String: [Int]], best: [String: Int]), snippets: [PageSnippet]
    ) -> [String: ReportSearchIndex.PagesFound] {
        var found = grouped.pages.mapValues { ReportSearchIndex.PagesFound(pages: $0) }
        for snippet in snippets where grouped.best[snippet.report_id] == snippet.page {
            found[snippet.report_id]?.snippetPage = snippet.page
            found[snippet.report_id]?.snippet = snippet.snippet
        }
        return found
    }

    /// The pages of `reportIDs` matching `tsquery`, and the headline of each report's best one.
    func pages(
        matching tsquery: String, of reportIDs: [String], on sql: any SQLDatabase
    ) async throws -> [String: ReportSearchIndex.PagesFound] {
        let ids = SQLList(reportIDs.map { SQLBind($0) })
        let grouped = grouped(
            try await sql.raw(
                """
                SELECT report_id, page, contents, -ts_rank(document, q)::float8 AS rank
                FROM report_pages, to_tsquery('simple'::regconfig, \(bind: tsquery)) AS q
                WHERE document @@ q AND report_id IN (\(ids))
                """
            ).all(decoding: MatchingPage.self))
        guard !grouped.best.isEmpty else { return [:] }
        let best = SQLList(grouped.best.map { SQLGroupExpression([SQLBind($0.key), SQLBind($0.value)]) })
        let snippets = try await sql.raw(
            """
            SELECT report_id, page, ts_headline('simple'::regconfig, body, q, \(bind: Self.headlineOptions)) AS snippet
            FROM report_pages, to_tsquery('simple'::regconfig, \(bind: tsquery)) AS q
            WHERE (report_id, page) IN (VALUES \(best))
            """
        ).all(decoding: PageSnippet.self)
        return pagesFound(grouped, snippets: snippets)
    }
}
