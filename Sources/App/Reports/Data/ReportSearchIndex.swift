import Fluent
import Foundation
import KineticCore
import SQLKit

/// The full-text index over reports: `report_search` holds each report's title, keywords and
/// text, to rank reports (SQLite's FTS5 with `unicode61` words without diacritics, ranked by
/// BM25 with the title weighing most; or PostgreSQL's `tsvector` with a GIN index, the `simple`
/// configuration, weights A/B/D); `report_pages` holds each page's text, to name the pages a
/// hit is on and take its snippet from the best of them; `report_words` is every word indexed
/// (on SQLite, of both tables), to correct a misspelt one (``ReportSpelling``) and, on SQLite, to
/// give a prefix as the words it starts (``prefixWords(for:on:)``). On SQLite, a report's pages are rows
/// `row_base + page` of `report_pages` (`report_page_rows` keeps each report's `row_base`), so a
/// search tells the matching pages of the reports it found from their row numbers alone,
/// reading no page's columns but those it ranks or quotes. A query is always a ``ReportSearchQuery``
/// written out for the database and bound as a parameter: what someone typed never reaches
/// `MATCH` or `to_tsquery` as typed.
enum ReportSearchIndex {
    static let table = "report_search"
    /// Marks around a matching word in a snippet: private-use characters no PDF text uses,
    /// turned into `<mark>` after the snippet is escaped.
    static let hitStart = "\u{E000}"
    static let hitEnd = "\u{E001}"
    /// The most matching pages named per report.
    static let pagesNamed = 100
    /// How many of a report's matching pages (the first, in page order) SQLite ranks to choose
    /// the one its snippet comes from: ranking every page of a long report costs more than the
    /// rest of a search together. PostgreSQL ranks them all.
    static let pagesRankedForSnippet = 12
    /// The most indexed words SQLite's page statements are given for a prefix
    /// (``prefixWords(for:on:)``); a prefix starting more is left to FTS5.
    static let wordsGivenForPrefix = 64

    /// One report's searchable text; `body` has its pages separated by form feeds.
    struct Entry {
        let reportID: String
        let title: String
        let keywords: [String]
        let body: String
    }

    /// A report that matched, best first, with a stretch of its text around the hits.
    struct Hit: Equatable {
        let reportID: String
        let snippet: String
        /// The page the snippet is from; nil when it comes from the whole text (the words are
        /// on no one page, or only in the title and keywords).
        let snippetPage: Int?
        /// The pages holding every word looked for, in order, at most ``pagesNamed``.
        let pages: [Int]
        /// How many pages hold them.
        let pageCount: Int
    }

    /// What a search found, and the words it corrected to find it.
    struct Found: Equatable {
        let hits: [Hit]
        /// A misspelt word and the words it was read as.
        let corrections: [String: [String]]
    }

    static func create(on sql: any SQLDatabase) async throws {
        if sql.dialect.name == "sqlite" {
            try await sql.raw(
                """
                CREATE VIRTUAL TABLE report_search USING fts5(
                    report_id UNINDEXED, title, keywords, body, tokenize = 'unicode61 remove_diacritics 2')
                """
            ).run()
        } else {
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
    }

    /// Makes `report_pages` (FTS5 on SQLite; a `tsvector` with a GIN index on PostgreSQL) and
    /// `report_words` (ordered by bytes, so a range finds the words starting with a prefix).
    static func createPagesAndWords(on sql: any SQLDatabase) async throws {
        if sql.dialect.name == "sqlite" {
            try await sql.raw(
                """
                CREATE VIRTUAL TABLE report_pages USING fts5(
                    report_id UNINDEXED, page UNINDEXED, contents UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2')
                """
            ).run()
            try await sql.raw("CREATE TABLE report_words (word TEXT PRIMARY KEY) WITHOUT ROWID").run()
        } else {
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
    }

    /// `report_page_rows` (SQLite): where each report's pages are in `report_pages`.
    static func createPageRows(on sql: any SQLDatabase) async throws {
        try await sql.raw(
            "CREATE TABLE report_page_rows (report_id TEXT PRIMARY KEY, row_base INTEGER NOT NULL, pages INTEGER NOT NULL) WITHOUT ROWID"
        ).run()
    }

    static func dropPagesAndWords(on sql: any SQLDatabase) async throws {
        try await sql.raw("DROP TABLE IF EXISTS report_pages").run()
        try await sql.raw("DROP TABLE IF EXISTS report_words").run()
    }

    static func drop(on sql: any SQLDatabase) async throws {
        try await sql.raw("DROP TABLE IF EXISTS report_search").run()
    }

    /// Indexes `entry`, replacing what was indexed for its report. Call ``refreshWords(on:)``
    /// when done changing the index; run it in a transaction (on SQLite, its pages take the rows
    /// after the last one).
    static func put(_ entry: Entry, on sql: any SQLDatabase) async throws {
        try await remove([entry.reportID], on: sql)
        try await sql.raw(
            """
            INSERT INTO report_search (report_id, title, keywords, body)
            VALUES (\(bind: entry.reportID), \(bind: entry.title), \(bind: entry.keywords.joined(separator: ", ")), \(bind: ReportRankedText.of(entry.body)))
            """
        ).run()
        try await putPages(of: entry.reportID, ReportPageText.pages(of: entry.body), on: sql)
    }

    /// Indexes a report's pages, which are in the index no more.
    private static func putPages(of reportID: String, _ pages: [ReportPageText.Page], on sql: any SQLDatabase) async throws {
        let isSQLite = sql.dialect.name == "sqlite"
        var rowBase = 0
        if isSQLite {
            struct Row: Decodable { let rowid: Int }
            rowBase = try await sql.raw("SELECT rowid FROM report_pages ORDER BY rowid DESC LIMIT 1").first(decoding: Row.self)?.rowid ?? 0
            try await sql.raw(
                """
                INSERT INTO report_page_rows (report_id, row_base, pages)
                VALUES (\(bind: reportID), \(bind: rowBase), \(bind: pages.last?.number ?? 0))
                """
            ).run()
        }
        for batch in stride(from: 0, to: pages.count, by: 50).map({ pages[$0..<min($0 + 50, pages.count)] }) {
            let rows = batch.map { page in
                SQLGroupExpression(
                    (isSQLite ? [SQLBind(rowBase + page.number)] : [])
                        + [SQLBind(reportID), SQLBind(page.number), SQLBind(page.isContents ? 1 : 0), SQLBind(page.text)])
            }
            let columns = isSQLite ? "rowid, report_id, page, contents, body" : "report_id, page, contents, body"
            try await sql.raw("INSERT INTO report_pages (\(unsafeRaw: columns)) VALUES \(SQLList(rows))").run()
        }
    }

    /// Changes the title and keywords a report is found by, keeping its text.
    static func retitle(_ reportID: String, title: String, keywords: [String], on sql: any SQLDatabase) async throws {
        try await sql.raw(
            """
            UPDATE report_search SET title = \(bind: title), keywords = \(bind: keywords.joined(separator: ", "))
            WHERE report_id = \(bind: reportID)
            """
        ).run()
    }

    /// Every report's indexed text (its body without the further words of a long one), by report id.
    static func bodies(on sql: any SQLDatabase) async throws -> [String: String] {
        struct Row: Decodable {
            let report_id: String
            let body: String
        }
        let rows = try await sql.raw("SELECT report_id, body FROM report_search").all(decoding: Row.self)
        return Dictionary(
            rows.map { ($0.report_id, String(ReportRankedText.keptPart(of: $0.body))) }, uniquingKeysWith: { first, _ in first })
    }

    static func removeAll(on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM report_search").run()
        try await sql.raw("DELETE FROM report_pages").run()
        if sql.dialect.name == "sqlite" { try await sql.raw("DELETE FROM report_page_rows").run() }
    }

    static func remove(_ reportIDs: [String], on sql: any SQLDatabase) async throws {
        guard !reportIDs.isEmpty else { return }
        let ids = SQLList(reportIDs.map { SQLBind($0) })
        try await sql.raw("DELETE FROM report_search WHERE report_id IN (\(ids))").run()
        guard sql.dialect.name == "sqlite" else {
            try await sql.raw("DELETE FROM report_pages WHERE report_id IN (\(ids))").run()
            return
        }
        for range in try await pageRows(of: reportIDs, on: sql).values {
            try await sql.raw("DELETE FROM report_pages WHERE rowid BETWEEN \(bind: range.lowerBound) AND \(bind: range.upperBound)").run()
        }
        try await sql.raw("DELETE FROM report_page_rows WHERE report_id IN (\(ids))").run()
    }

    /// Indexes again, from its pages, the ranked text of each report indexed before long
    /// reports kept the words of their rest (``ReportRankedText``): its text was cut at
    /// ``ReportRankedText/fullLimit`` characters. A report without pages is left as it is.
    static func reindexCutReports(on sql: any SQLDatabase) async throws {
        struct Report: Decodable { let report_id: String }
        struct Page: Decodable { let body: String }
        let cut = try await sql.raw(
            "SELECT report_id FROM report_search WHERE length(body) >= \(bind: ReportRankedText.fullLimit)"
        ).all(decoding: Report.self)
        for report in cut.map(\.report_id) {
            let pages: [Page]
            if sql.dialect.name == "sqlite" {
                guard let rows = try await pageRows(of: [report], on: sql)[report] else { continue }
                pages = try await sql.raw(
                    "SELECT body FROM report_pages WHERE rowid BETWEEN \(bind: rows.lowerBound) AND \(bind: rows.upperBound) ORDER BY rowid"
                ).all(decoding: Page.self)
            } else {
                pages = try await sql.raw("SELECT body FROM report_pages WHERE report_id = \(bind: report) ORDER BY page").all(
                    decoding: Page.self)
            }
            guard !pages.isEmpty else { continue }
            let ranked = ReportRankedText.of(pages.map(\.body).joined(separator: "\u{0C}"))
            try await sql.raw("UPDATE report_search SET body = \(bind: ranked) WHERE report_id = \(bind: report)").run()
        }
    }

    /// Where the pages of `reportIDs` are in `report_pages` (SQLite): the rows from page 1 to
    /// the last, each report's `row_base` being the row before its page 1.
    private static func pageRows(of reportIDs: [String], on sql: any SQLDatabase) async throws -> [String: ClosedRange<Int>] {
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

    /// Makes `report_words` hold every word the index holds, after it changed: on SQLite, the
    /// words of the ranked text and of the pages, which can hold more (the ranked text of a
    /// report of very many different words keeps only ``ReportRankedText/byteLimit`` bytes of
    /// them, and the pages' words are split by FTS5, the ranked text's first by Swift).
    static func refreshWords(on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM report_words").run()
        if sql.dialect.name == "sqlite" {
            try await sql.raw("CREATE VIRTUAL TABLE IF NOT EXISTS temp.report_search_terms USING fts5vocab(main, report_search, row)").run()
            try await sql.raw("CREATE VIRTUAL TABLE IF NOT EXISTS temp.report_page_terms USING fts5vocab(main, report_pages, row)").run()
            try await sql.raw(
                "INSERT INTO report_words (word) SELECT term FROM temp.report_search_terms UNION SELECT term FROM temp.report_page_terms"
            ).run()
        } else {
            try await sql.raw("INSERT INTO report_words (word) SELECT word FROM ts_stat('SELECT document FROM report_search')").run()
        }
    }

    /// The reports matching `query`, best first, at most `limit`; a word found in no report
    /// (not even as the start of a word) is looked for as the words one edit away from it.
    static func search(_ query: ReportSearchQuery, limit: Int, on sql: any SQLDatabase) async throws -> Found {
        let corrections = try await self.corrections(for: query, on: sql)
        let isSQLite = sql.dialect.name == "sqlite"
        // The query as the database reads it: an FTS5 expression or a to_tsquery text.
        let written = isSQLite ? query.fts5Expression(corrections: corrections) : query.tsquery(corrections: corrections)
        // SQLite looks for pages by the words each prefix starts, and ranks reports by the prefix
        // itself: BM25 weighs each word of an OR on its own, and a rare word that starts with
        // what was typed would outrank the word typed.
        let onPages =
            isSQLite
            ? query.fts5Expression(corrections: corrections, wordsOfPrefixes: try await prefixWords(for: query, on: sql)) : written
        var hits =
            try await isSQLite
            ? hitsSQLite(written, onPages: onPages, limit: limit, on: sql) : hitsPostgres(written, limit: limit, on: sql)
        if query.hasPhrase, hits.count < limit {
            let relaxed =
                isSQLite
                ? query.fts5Expression(corrections: corrections, phrasesAsWords: true)
                : query.tsquery(corrections: corrections, phrasesAsWords: true)
            hits += try await hitsOnPages(written, onPages: onPages, relaxed: relaxed, limit: limit - hits.count, on: sql)
        }
        return Found(hits: hits, corrections: corrections)
    }

    /// The reports the ranking cannot find by a phrase although one of their pages holds it:
    /// past the part of a long report kept as it is (``ReportRankedText`` keeps each further word
    /// once, not the words around it) or, on PostgreSQL, past the 16,383rd word (a `tsvector`
    /// keeps no later position). Called when the ranking found fewer than its limit, so it found
    /// every report whose ranked text matches `written`: the reports whose ranked text matches
    /// `relaxed` (the phrases' words anywhere, the excluded words nowhere) and not `written` are
    /// the ones to look for on their pages (by `onPages`, the same query for the pages). Those
    /// with a page matching the whole query follow the ranked ones, the most matching pages
    /// first. An excluded phrase keeps a report out only where its ranked text or the matching
    /// page holds it in order.
    private static func hitsOnPages(
        _ written: String, onPages: String, relaxed: String, limit: Int, on sql: any SQLDatabase
    ) async throws -> [Hit] {
        struct Row: Decodable { let report_id: String }
        let isSQLite = sql.dialect.name == "sqlite"
        let notRanked: SQLQueryString =
            isSQLite
            ? "SELECT report_id FROM report_search WHERE report_search MATCH \(bind: "(\(relaxed)) NOT (\(written))")"
            : """
            SELECT report_id FROM report_search
            WHERE document @@ to_tsquery('simple'::regconfig, \(bind: relaxed)) AND NOT document @@ to_tsquery('simple'::regconfig, \(bind: written))
            """
        let candidates = try await sql.raw(notRanked).all(decoding: Row.self).map(\.report_id)
        guard !candidates.isEmpty else { return [] }
        let counts =
            try await isSQLite
            ? matchingPageCountsSQLite(onPages, of: candidates, on: sql) : matchingPageCountsPostgres(onPages, of: candidates, on: sql)
        let reports = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(limit).map(\.key)
        guard !reports.isEmpty else { return [] }
        let pages =
            try await isSQLite
            ? pagesSQLite(matching: onPages, of: reports, on: sql) : pagesPostgres(matching: onPages, of: reports, on: sql)
        return reports.map { hit($0, nil, in: pages[$0]) }
    }

    /// How many pages of each of `reportIDs` match `expression` (SQLite), for those with any.
    private static func matchingPageCountsSQLite(
        _ expression: String, of reportIDs: [String], on sql: any SQLDatabase
    ) async throws -> [String: Int] {
        try await matchingPagesSQLite(expression, in: pageRows(of: reportIDs, on: sql), on: sql).mapValues(\.count)
    }

    /// The matching pages of each report of `rows` (its rows in `report_pages`) that has any,
    /// in order (SQLite): the matching rows between the first report's and the last's, as one
    /// list, each given to the report whose rows it is in. One evaluation of the `MATCH` and one
    /// pass over its rows; joining the rows to the reports' ranges in SQL cost a comparison per
    /// row and report (233 ms for a common word on 100,000 pages and 50 reports, against 18).
    private static func matchingPagesSQLite(
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

    /// How many pages of each of `reportIDs` match `tsquery` (PostgreSQL), for those with any.
    private static func matchingPageCountsPostgres(
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

    /// The indexed words each prefix of `query` starts (SQLite), for the prefixes that start
    /// between one and ``wordsGivenForPrefix`` of them and are written in ASCII (whose lower case
    /// FTS5 gives as Swift does; another word is left to FTS5). Given a prefix, FTS5 merges the
    /// page lists of every word it starts into a new one at each evaluation, and a search
    /// evaluates its query on the pages three or four times: on 100,000 pages, `"function"*`
    /// took 19 ms an evaluation, its five words 6.
    static func prefixWords(for query: ReportSearchQuery, on sql: any SQLDatabase) async throws -> [String: [String]] {
        var words: [String: [String]] = [:]
        for prefix in query.prefixWords where prefix.allSatisfy(\.isASCII) {
            let started = try await indexedWords(startingWith: prefix, limit: wordsGivenForPrefix + 1, on: sql)
            if (1...wordsGivenForPrefix).contains(started.count) { words[prefix] = started }
        }
        return words
    }

    /// The first `limit` words of `report_words` that start with `prefix`, in byte order.
    private static func indexedWords(startingWith prefix: String, limit: Int, on sql: any SQLDatabase) async throws -> [String] {
        struct Row: Decodable { let word: String }
        return try await sql.raw(
            """
            SELECT word FROM report_words WHERE word >= \(bind: prefix) AND word < \(bind: prefix + "\u{10FFFF}")
            ORDER BY word LIMIT \(bind: limit)
            """
        ).all(decoding: Row.self).map(\.word)
    }

    /// For each word of `query` that is in no report, even as the start of a word, the indexed
    /// words one edit away from it (none when nothing is near).
    static func corrections(for query: ReportSearchQuery, on sql: any SQLDatabase) async throws -> [String: [String]] {
        struct Row: Decodable { let word: String }
        var corrections: [String: [String]] = [:]
        let isSQLite = sql.dialect.name == "sqlite"
        for word in query.correctableWords {
            // SQLite's index keeps words without their diacritics.
            let stored = isSQLite ? word.folding(options: .diacriticInsensitive, locale: nil) : word
            guard try await indexedWords(startingWith: stored, limit: 1, on: sql).isEmpty else { continue }
            var variants = ReportSpelling.variants(of: word)
            if isSQLite { variants = Set(variants.map { $0.folding(options: .diacriticInsensitive, locale: nil) }) }
            let near = try await sql.raw(
                "SELECT word FROM report_words WHERE word IN (\(SQLList(variants.sorted().map { SQLBind($0) }))) ORDER BY word"
            ).all(decoding: Row.self)
            if !near.isEmpty { corrections[word] = near.prefix(ReportSpelling.correctionsPerWord).map(\.word) }
        }
        return corrections
    }

    private static func hit(_ reportID: String, _ snippet: String?, in found: PagesFound?) -> Hit {
        Hit(
            reportID: reportID, snippet: (found?.snippet ?? snippet ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
            snippetPage: found?.snippetPage, pages: Array((found?.pages ?? []).prefix(pagesNamed)), pageCount: found?.pages.count ?? 0)
    }

    /// A snippet of the row `rowid` of a full-text table (SQLite).
    private struct RowSnippet: Decodable {
        let rowid: Int
        let snippet: String?
    }

    /// SQLite's answer, in steps that each read only what they need: the reports ranked (no
    /// snippet, which costs more than the ranking on a long report); the matching pages of
    /// each, by its rows, with a snippet from the best; and a snippet of the whole text only for
    /// a report no page of which matches (the words are on different pages, or only in the title
    /// and keywords). `onPages` is the same query for the pages.
    private static func hitsSQLite(_ expression: String, onPages: String, limit: Int, on sql: any SQLDatabase) async throws -> [Hit] {
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
        let pages = try await pagesSQLite(matching: onPages, of: reports.map(\.report_id), on: sql)
        let unmatched = reports.filter { pages[$0.report_id]?.snippet == nil }
        var wholeTextSnippets: [String: String] = [:]
        if !unmatched.isEmpty {
            let snippets = try await sql.raw(
                """
                SELECT rowid, snippet(report_search, -1, \(bind: hitStart), \(bind: hitEnd), '…', 18) AS snippet
                FROM report_search WHERE report_search MATCH \(bind: expression) AND +rowid IN (\(SQLList(unmatched.map { SQLBind($0.rowid) })))
                """
            ).all(decoding: RowSnippet.self)
            let reportOfRow = Dictionary(unmatched.map { ($0.rowid, $0.report_id) }, uniquingKeysWith: { first, _ in first })
            for snippet in snippets { if let report = reportOfRow[snippet.rowid] { wholeTextSnippets[report] = snippet.snippet } }
        }
        return reports.map { hit($0.report_id, wholeTextSnippets[$0.report_id], in: pages[$0.report_id]) }
    }

    /// The matching pages of `reportIDs` (SQLite) and the snippet of each report's best page:
    /// among its first ``pagesRankedForSnippet`` matching pages, the best ranked that is not a
    /// table of contents, else the best ranked.
    ///
    /// Each statement evaluates the `MATCH` once, over the whole index: FTS5 builds a prefix's
    /// list of pages anew at every evaluation (a few milliseconds for a common word on 5,000
    /// pages, 17 on 100,000), so the rows wanted are filtered with `+rowid`, which keeps SQLite
    /// from asking the index once per row. The matching pages come back as one list of rows
    /// (``matchingPagesSQLite(_:in:on:)``): a row per matching page would cost more to decode
    /// than the search.
    private static func pagesSQLite(
        matching expression: String, of reportIDs: [String], on sql: any SQLDatabase
    ) async throws -> [String: PagesFound] {
        struct Ranked: Decodable {
            let rowid: Int
            let contents: Int
            let rank: Double
        }
        let rows = try await pageRows(of: reportIDs, on: sql)
        guard !rows.isEmpty else { return [:] }
        var found = try await matchingPagesSQLite(expression, in: rows, on: sql).mapValues { PagesFound(pages: $0) }
        var candidates: [Int: (report: String, page: Int)] = [:]
        for (report, pages) in found {
            guard let range = rows[report] else { continue }
            for page in pages.pages.prefix(pagesRankedForSnippet) { candidates[range.lowerBound - 1 + page] = (report, page) }
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
            SELECT rowid, snippet(report_pages, 3, \(bind: hitStart), \(bind: hitEnd), '…', 18) AS snippet FROM report_pages
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

    private struct RankedReport: Decodable {
        let report_id: String
        let snippet: String?
    }

    /// PostgreSQL's answer: the reports ranked, each with its headline, then their pages.
    private static func hitsPostgres(_ tsquery: String, limit: Int, on sql: any SQLDatabase) async throws -> [Hit] {
        let reports = try await rankedReportsPostgres(tsquery, limit: limit, on: sql)
        guard !reports.isEmpty else { return [] }
        let pages = try await pagesPostgres(matching: tsquery, of: reports.map(\.report_id), on: sql)
        return reports.map { hit($0.report_id, $0.snippet, in: pages[$0.report_id]) }
    }

    private static let headlineOptions =
        "StartSel=\(hitStart), StopSel=\(hitEnd), MaxWords=24, MinWords=10, MaxFragments=1, FragmentDelimiter=…"

    private static func rankedReportsPostgres(_ tsquery: String, limit: Int, on sql: any SQLDatabase) async throws -> [RankedReport] {
        try await sql.raw(
            """
            SELECT report_id, ts_headline('simple'::regconfig, body, q, \(bind: headlineOptions)) AS snippet
            FROM report_search, to_tsquery('simple'::regconfig, \(bind: tsquery)) AS q
            WHERE document @@ q ORDER BY ts_rank(document, q) DESC, report_id LIMIT \(bind: limit)
            """
        ).all(decoding: RankedReport.self)
    }

    /// A report's matching pages and the snippet from its best one.
    private struct PagesFound {
        var pages: [Int]
        var snippetPage: Int?
        var snippet: String?
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
    private static func grouped(_ rows: [MatchingPage]) -> (pages: [String: [Int]], best: [String: Int]) {
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

    private static func pagesFound(
        _ grouped: (pages: [String: [Int]], best: [String: Int]), snippets: [PageSnippet]
    ) -> [String: PagesFound] {
        var found = grouped.pages.mapValues { PagesFound(pages: $0) }
        for snippet in snippets where grouped.best[snippet.report_id] == snippet.page {
            found[snippet.report_id]?.snippetPage = snippet.page
            found[snippet.report_id]?.snippet = snippet.snippet
        }
        return found
    }

    /// The pages of `reportIDs` matching `tsquery` (PostgreSQL), and the headline of each
    /// report's best one.
    private static func pagesPostgres(
        matching tsquery: String, of reportIDs: [String], on sql: any SQLDatabase
    ) async throws -> [String: PagesFound] {
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
            SELECT report_id, page, ts_headline('simple'::regconfig, body, q, \(bind: headlineOptions)) AS snippet
            FROM report_pages, to_tsquery('simple'::regconfig, \(bind: tsquery)) AS q
            WHERE (report_id, page) IN (VALUES \(best))
            """
        ).all(decoding: PageSnippet.self)
        return pagesFound(grouped, snippets: snippets)
    }
}
