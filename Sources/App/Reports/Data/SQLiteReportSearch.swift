import Fluent
import Foundation
import KineticCore
import SQLKit

/// SQLite's full-text search for ``ReportSearchIndex``: FTS5 tables with `unicode61` words
/// without diacritics, ranked by BM25. A report's pages are rows `row_base + page` of
/// `report_pages` (`report_page_rows` keeps each report's `row_base`), so a search tells the
/// matching pages of the reports it found from their row numbers alone, reading no page's
/// columns but those it ranks or quotes.
struct SQLiteReportSearch: ReportSearchEngine {
    func createReportTable(on sql: any SQLDatabase) async throws {
        try await sql.raw(
            """
            CREATE VIRTUAL TABLE report_search USING fts5(
                report_id UNINDEXED, title, keywords, body, tokenize = 'unicode61 remove_diacritics 2')
            """
        ).run()
    }

    func createPagesAndWords(on sql: any SQLDatabase) async throws {
        try await sql.raw(
            """
            CREATE VIRTUAL TABLE report_pages USING fts5(
                report_id UNINDEXED, page UNINDEXED, contents UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2')
            """
        ).run()
        try await sql.raw("CREATE TABLE report_words (word TEXT PRIMARY KEY) WITHOUT ROWID").run()
    }

    /// Its pages take the rows after the last one.
    func putPages(of reportID: String, from text: ReportText, on sql: any SQLDatabase) async throws {
        struct Row: Decodable { let rowid: Int }
        let rowBase = try await sql.raw("SELECT rowid FROM report_pages ORDER BY rowid DESC LIMIT 1").first(decoding: Row.self)?.rowid ?? 0
        var lastPage = 0
        try await text.forEachBatch { batch, firstPage in
            let pages = ReportPageText.pages(of: batch, firstNumber: firstPage)
            for part in stride(from: 0, to: pages.count, by: 50).map({ pages[$0..<min($0 + 50, pages.count)] }) {
                let rows = part.map { page in
                    SQLGroupExpression([
                        SQLBind(rowBase + page.number), SQLBind(reportID), SQLBind(page.number), SQLBind(page.isContents ? 1 : 0),
                        SQLBind(page.text),
                    ])
                }
                try await sql.raw("INSERT INTO report_pages (rowid, report_id, page, contents, body) VALUES \(SQLList(rows))").run()
            }
            lastPage = pages.last?.number ?? lastPage
        }
        try await sql.raw(
            """
            INSERT INTO report_page_rows (report_id, row_base, pages)
            VALUES (\(bind: reportID), \(bind: rowBase), \(bind: lastPage))
            """
        ).run()
    }

    func removeAllPages(on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM report_pages").run()
        try await sql.raw("DELETE FROM report_page_rows").run()
    }

    func removePages(of reportIDs: [String], on sql: any SQLDatabase) async throws {
        for range in try await pageRows(of: reportIDs, on: sql).values {
            try await sql.raw("DELETE FROM report_pages WHERE rowid BETWEEN \(bind: range.lowerBound) AND \(bind: range.upperBound)").run()
        }
        try await sql.raw("DELETE FROM report_page_rows WHERE report_id IN (\(SQLList(reportIDs.map { SQLBind($0) })))").run()
    }

    func pageTexts(of reportID: String, on sql: any SQLDatabase) async throws -> [ReportPageText.Stored] {
        guard let rows = try await pageRows(of: [reportID], on: sql)[reportID] else { return [] }
        return try await sql.raw(
            """
            SELECT page, body FROM report_pages WHERE rowid BETWEEN \(bind: rows.lowerBound) AND \(bind: rows.upperBound) ORDER BY rowid
            """
        ).all(decoding: ReportPageText.Stored.self)
    }

    /// The words of the ranked text and of the pages, which can hold more (the ranked text of a
    /// report of very many different words keeps only ``ReportRankedText/byteLimit`` bytes of
    /// them, and the pages' words are split by FTS5, the ranked text's first by Swift).
    func fillWords(on sql: any SQLDatabase) async throws {
        try await sql.raw("CREATE VIRTUAL TABLE IF NOT EXISTS temp.report_search_terms USING fts5vocab(main, report_search, row)").run()
        try await sql.raw("CREATE VIRTUAL TABLE IF NOT EXISTS temp.report_page_terms USING fts5vocab(main, report_pages, row)").run()
        try await sql.raw(
            "INSERT INTO report_words (word) SELECT term FROM temp.report_search_terms UNION SELECT term FROM temp.report_page_terms"
        ).run()
    }

    /// The index keeps words without their diacritics.
    func stored(_ word: String) -> String {
        word.folding(options: .diacriticInsensitive, locale: nil)
    }

    func written(_ query: ReportSearchQuery, corrections: [String: [String]], phrasesAsWords: Bool) -> String {
        query.fts5Expression(corrections: corrections, phrasesAsWords: phrasesAsWords)
    }

    /// Pages are looked for by the words each prefix starts, while reports are ranked by the
    /// prefix itself: BM25 weighs each word of an OR on its own, and a rare word that starts
    /// with what was typed would outrank the word typed.
    func writtenForPages(_ query: ReportSearchQuery, corrections: [String: [String]], on sql: any SQLDatabase) async throws -> String {
        query.fts5Expression(corrections: corrections, wordsOfPrefixes: try await ReportSearchIndex.prefixWords(for: query, on: sql))
    }

    func reports(matching relaxed: String, notMatching written: String, on sql: any SQLDatabase) async throws -> [String] {
        struct Row: Decodable { let report_id: String }
        return try await sql.raw(
            "SELECT report_id FROM report_search WHERE report_search MATCH \(bind: "(\(relaxed)) NOT (\(written))")"
        ).all(decoding: Row.self).map(\.report_id)
    }

    func matchingPageCounts(_ expression: String, of reportIDs: [String], on sql: any SQLDatabase) async throws -> [String: Int] {
        try await matchingPages(expression, in: pageRows(of: reportIDs, on: sql), on: sql).mapValues(\.count)
    }

    /// SQLite's answer, in steps that each read only what they need: the reports ranked (no
    /// snippet, which costs more than the ranking on a long report); the matching pages of
    /// each, by its rows, with a snippet from the best; and a snippet of the whole text only for
    /// a report no page of which matches (the words are on different pages, or only in the title
    /// and keywords). `onPages` is the same query for the pages.
    func rankedHits(_ expression: String, onPages: String, limit: Int, on sql: any SQLDatabase) async throws -> [ReportSearchIndex.Hit] {
        struct Ranked: Decodable {
            let rowid: Int
            let report_id: String
        }
        let reports = try await sql.raw(
            """
            SELECT rowid, report_id FROM report_search WHERE report_search MATCH \(bind: expression)
            ORDER BY bm25(report_search, 0.0, 10.0, 5.0, 1.0), report_id LIMIT \(bind: limit)
            """
        ).all(decoding: Ranked.self)
        guard !reports.isEmpty else { return [] }
        let pages = try await pages(matching: onPages, of: reports.map(\.report_id), on: sql)
        let unmatched = reports.filter { pages[$0.report_id]?.snippet == nil }
        var wholeTextSnippets: [String: String] = [:]
        if !unmatched.isEmpty {
            let snippets = try await sql.raw(
                """
                SELECT rowid, snippet(report_search, -1, \(bind: ReportSearchIndex.hitStart), \(bind: ReportSearchIndex.hitEnd), '…', 18) AS snippet
                FROM report_search WHERE report_search MATCH \(bind: expression) AND +rowid IN (\(SQLList(unmatched.map { SQLBind($0.rowid) })))
                """
            ).all(decoding: RowSnippet.self)
            let reportOfRow = Dictionary(unmatched.map { ($0.rowid, $0.report_id) }, uniquingKeysWith: { first, _ in first })
            for snippet in snippets { if let report = reportOfRow[snippet.rowid] { wholeTextSnippets[report] = snippet.snippet } }
        }
        return reports.map { ReportSearchIndex.hit($0.report_id, wholeTextSnippets[$0.report_id], in: pages[$0.report_id]) }
    }

    /// The matching pages of `reportIDs` and the snippet of each report's best page:
    /// among its first ``pagesRankedForSnippet`` matching pages, the best ranked that is not a
    /// table of contents, else the best ranked.
    ///
    /// Each statement evaluates the `MATCH` once, over the whole index: FTS5 builds a prefix's
    /// list of pages anew at every evaluation (a few milliseconds for a common word on 5,000
    /// pages, 17 on 100,000), so the rows wanted are filtered with `+rowid`, which keeps SQLite
    /// from asking the index once per row. The matching pages come back as one list of rows
    /// (``matchingPages(_:in:on:)``): a row per matching page would cost more to decode
    /// than the search.
    func pages(
        matching expression: String, of reportIDs: [String], on sql: any SQLDatabase
    ) async throws -> [String: ReportSearchIndex.PagesFound] {
        struct Ranked: Decodable {
            let rowid: Int
            let contents: Int
            let rank: Double
        }
        let rows = try await pageRows(of: reportIDs, on: sql)
        guard !rows.isEmpty else { return [:] }
        var found = try await matchingPages(expression, in: rows, on: sql).mapValues { ReportSearchIndex.PagesFound(pages: $0) }
        var candidates: [Int: (report: String, page: Int)] = [:]
        for (report, pages) in found {
            guard let range = rows[report] else { continue }
            for page in pages.pages.prefix(ReportSearchIndex.pagesRankedForSnippet) {
                candidates[range.lowerBound - 1 + page] = (report, page)
            }
        }
        guard !candidates.isEmpty else { return found }
        let ranked = try await sql.raw(
            """
            SELECT rowid, contents, bm25(report_pages) AS rank FROM report_pages
            WHERE report_pages MATCH \(bind: expression) AND +rowid IN (\(SQLList(candidates.keys.sorted().map { SQLBind($0) })))
            """
        ).all(decoding: Ranked.self)
        var best: [String: (row: Ranked, page: Int)] = [:]
        for row in ranked {
            guard let candidate = candidates[row.rowid] else { continue }
            if let current = best[candidate.report],
                (current.row.contents, current.row.rank, current.page) <= (row.contents, row.rank, candidate.page)
            {
                continue
            }
            best[candidate.report] = (row, candidate.page)
        }
        let snippets = try await sql.raw(
            """
            SELECT rowid, snippet(report_pages, 3, \(bind: ReportSearchIndex.hitStart), \(bind: ReportSearchIndex.hitEnd), '…', 18) AS snippet FROM report_pages
            WHERE report_pages MATCH \(bind: expression) AND +rowid IN (\(SQLList(best.values.map { SQLBind($0.row.rowid) })))
            """
        ).all(decoding: RowSnippet.self)
        for snippet in snippets {
            guard let candidate = candidates[snippet.rowid] else { continue }
            found[candidate.report]?.snippetPage = candidate.page
            found[candidate.report]?.snippet = snippet.snippet
        }
        return found
    }

    /// The matching pages of each report of `rows` (its rows in `report_pages`) that has any,
    /// in order: the matching rows between the first report's and the last's, as one
    /// list, each given to the report whose rows it is in. One evaluation of the `MATCH` and one
    /// pass over its rows; joining the rows to the reports' ranges in SQL cost a comparison per
    /// row and report (233 ms for a common word on 100,000 pages and 50 reports, against 18).
    private func matchingPages(
        _ expression: String, in rows: [String: ClosedRange<Int>], on sql: any SQLDatabase
    ) async throws -> [String: [Int]] {
        struct Rows: Decodable { let rows: String? }
        let ranges = rows.sorted { $0.value.lowerBound < $1.value.lowerBound }
        guard let first = ranges.first?.value.lowerBound, let last = ranges.map(\.value.upperBound).max() else { return [:] }
        let list = try await sql.raw(
            """
            SELECT group_concat(rowid) AS rows FROM report_pages
            WHERE report_pages MATCH \(bind: expression) AND rowid BETWEEN \(bind: first) AND \(bind: last)
            """
        ).first(decoding: Rows.self)
        var pages: [String: [Int]] = [:]
        for row in (list?.rows ?? "").split(separator: ",").compactMap({ Int($0) }) {
            // The last range starting at or before the row.
            var low = 0
            var high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].value.lowerBound <= row { low = middle + 1 } else { high = middle }
            }
            guard low > 0, ranges[low - 1].value.contains(row) else { continue }
            pages[ranges[low - 1].key, default: []].append(row - ranges[low - 1].value.lowerBound + 1)
        }
        return pages.mapValues { $0.sorted() }
    }

    /// Where the pages of `reportIDs` are in `report_pages`: the rows from page 1 to
    /// the last, each report's `row_base` being the row before its page 1.
    private func pageRows(of reportIDs: [String], on sql: any SQLDatabase) async throws -> [String: ClosedRange<Int>] {
        struct Row: Decodable {
            let report_id: String
            let row_base: Int
            let pages: Int
        }
        let rows = try await sql.raw(
            "SELECT report_id, row_base, pages FROM report_page_rows WHERE report_id IN (\(SQLList(reportIDs.map { SQLBind($0) })))"
        ).all(decoding: Row.self)
        return Dictionary(
            rows.filter { $0.pages > 0 }.map { ($0.report_id, ($0.row_base + 1)...($0.row_base + $0.pages)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// A snippet of the row `rowid` of a full-text table.
    private struct RowSnippet: Decodable {
        let rowid: Int
        let snippet: String?
    }
}
