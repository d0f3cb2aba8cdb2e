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
/// give a prefix as the words it starts (``prefixWords(for:on:)``); `report_spellings` files
/// the words a keyboard may write otherwise under their spelling key, so that a search word
/// finds every way of writing it (``spellings(for:on:)``). A query is always a ``ReportSearchQuery``
/// written out for the database and bound as a parameter: what someone typed never reaches
/// `MATCH` or `to_tsquery` as typed. What the two engines do differently is theirs
/// (``ReportSearchEngine``); this is what they share.
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
        let body: ReportText
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
        /// A word and the other ways of writing it that it also found ("strasse": "straße").
        var spellings: [String: [String]] = [:]
    }

    /// The engine of the database `sql` talks to.
    static func engine(for sql: any SQLDatabase) -> any ReportSearchEngine {
        sql.dialect.name == "sqlite" ? SQLiteReportSearch() : PostgresReportSearch()
    }

    static func create(on sql: any SQLDatabase) async throws {
        try await engine(for: sql).createReportTable(on: sql)
    }

    /// Makes `report_pages` and `report_words` (``ReportSearchEngine/createPagesAndWords(on:)``).
    static func createPagesAndWords(on sql: any SQLDatabase) async throws {
        try await engine(for: sql).createPagesAndWords(on: sql)
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

    /// Indexes `entry`, replacing what was indexed for its report. Call ``refreshWords(on:withSpellings:)``
    /// when done changing the index; run it in a transaction (on SQLite, its pages take the rows
    /// after the last one).
    static func put(_ entry: Entry, on sql: any SQLDatabase) async throws {
        try await remove([entry.reportID], on: sql)
        // Read a batch of pages at a time: once for the ranked text, once for the pages.
        var ranked = ReportRankedText.Builder()
        try await entry.body.forEachBatch { batch, _ in ranked.add(batch) }
        try await sql.raw(
            """
            INSERT INTO report_search (report_id, title, keywords, body)
            VALUES (\(bind: entry.reportID), \(bind: entry.title), \(bind: entry.keywords.joined(separator: ", ")), \(bind: ranked.ranked))
            """
        ).run()
        try await engine(for: sql).putPages(of: entry.reportID, from: entry.body, on: sql)
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
        try await engine(for: sql).removeAllPages(on: sql)
    }

    static func remove(_ reportIDs: [String], on sql: any SQLDatabase) async throws {
        guard !reportIDs.isEmpty else { return }
        try await sql.raw("DELETE FROM report_search WHERE report_id IN (\(SQLList(reportIDs.map { SQLBind($0) })))").run()
        try await engine(for: sql).removePages(of: reportIDs, on: sql)
    }

    /// Indexes again, from its pages, the ranked text of each report indexed before long
    /// reports kept the words of their rest (``ReportRankedText``): its text was cut at
    /// ``ReportRankedText/fullLimit`` characters. A report without pages is left as it is.
    static func reindexCutReports(on sql: any SQLDatabase) async throws {
        struct Report: Decodable { let report_id: String }
        let cut = try await sql.raw(
            "SELECT report_id FROM report_search WHERE length(body) >= \(bind: ReportRankedText.fullLimit)"
        ).all(decoding: Report.self)
        for report in cut.map(\.report_id) {
            let pages = try await engine(for: sql).pageTexts(of: report, on: sql)
            guard !pages.isEmpty else { continue }
            let ranked = ReportRankedText.of(pages.map(\.body).joined(separator: "\u{0C}"))
            try await sql.raw("UPDATE report_search SET body = \(bind: ranked) WHERE report_id = \(bind: report)").run()
        }
    }

    /// Makes `report_words` hold every word the index holds, after it changed, and
    /// `report_spellings` those of them whose spelling key is not the word itself (unless
    /// `withSpellings` is false: a migration from before that table).
    static func refreshWords(on sql: any SQLDatabase, withSpellings: Bool = true) async throws {
        struct Row: Decodable { let word: String }
        try await sql.raw("DELETE FROM report_words").run()
        try await engine(for: sql).fillWords(on: sql)
        guard withSpellings else { return }
        try await sql.raw("DELETE FROM report_spellings").run()
        let spelt = try await sql.raw("SELECT word FROM report_words").all(decoding: Row.self).flatMap { row in
            Set(spellingKeys(of: row.word)).subtracting([row.word]).map { ($0, row.word) }
        }
        for batch in stride(from: 0, to: spelt.count, by: 500).map({ spelt[$0..<min($0 + 500, spelt.count)] }) {
            let rows = batch.map { SQLGroupExpression([SQLBind($0.0), SQLBind($0.1)]) }
            try await sql.raw("INSERT INTO report_spellings (spelling, word) VALUES \(SQLList(rows))").run()
        }
    }

    /// The spelling keys `word` is filed under: its own, and where it holds an elision's
    /// apostrophe (`l’élève`, `d'un`, which PostgreSQL without a locale keeps as one word) that
    /// of the word after it, so that "eleve" finds it.
    static func spellingKeys(of word: String) -> [String] {
        let after = word.split(whereSeparator: { $0 == "’" || $0 == "'" }).last.map(String.init)
        return [SpellingKey.of(word)] + (after.map { $0 == word ? [] : [SpellingKey.of($0)] } ?? [])
    }

    /// The most other spellings a search word is looked for as.
    static let spellingsPerWord = 8

    /// For each required single word of `query`, the indexed words written otherwise that
    /// have its spelling key (``SpellingKey``): "strasse" finds "straße", "groesse" "größe"
    /// (on SQLite, whose index drops diacritics, "große"), "soren" "søren". A word of a phrase
    /// is looked for only as it is typed.
    static func spellings(for query: ReportSearchQuery, on sql: any SQLDatabase) async throws -> [String: [String]] {
        struct Row: Decodable { let word: String }
        let engine = engine(for: sql)
        var spellings: [String: [String]] = [:]
        for word in query.singleWords {
            let key = SpellingKey.of(word), typed = engine.stored(word)
            let others = try await sql.raw(
                """
                SELECT word FROM report_spellings WHERE spelling = \(bind: key)
                UNION SELECT word FROM report_words WHERE word = \(bind: key)
                ORDER BY word LIMIT \(bind: spellingsPerWord + 1)
                """
            ).all(decoding: Row.self).map(\.word).filter { $0 != typed }
            if !others.isEmpty { spellings[word] = Array(others.prefix(spellingsPerWord)) }
        }
        return spellings
    }

    /// The reports matching `query`, best first, at most `limit`; a word found in no report
    /// (not even as the start of a word) is looked for as the words one edit away from it.
    static func search(_ query: ReportSearchQuery, limit: Int, on sql: any SQLDatabase) async throws -> Found {
        let engine = engine(for: sql)
        let spellings = try await self.spellings(for: query, on: sql)
        let corrections = try await self.corrections(for: query, besides: spellings, on: sql)
        let alternatives = corrections.merging(spellings) { $0 + $1 }
        let written = engine.written(query, corrections: alternatives, phrasesAsWords: false)
        let onPages = try await engine.writtenForPages(query, corrections: alternatives, on: sql)
        var hits = try await engine.rankedHits(written, onPages: onPages, limit: limit, on: sql)
        if query.hasPhrase, hits.count < limit {
            let relaxed = engine.written(query, corrections: alternatives, phrasesAsWords: true)
            hits += try await hitsOnPages(written, onPages: onPages, relaxed: relaxed, limit: limit - hits.count, engine: engine, on: sql)
        }
        return Found(hits: hits, corrections: corrections, spellings: spellings)
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
        _ written: String, onPages: String, relaxed: String, limit: Int, engine: any ReportSearchEngine, on sql: any SQLDatabase
    ) async throws -> [Hit] {
        let candidates = try await engine.reports(matching: relaxed, notMatching: written, on: sql)
        guard !candidates.isEmpty else { return [] }
        let counts = try await engine.matchingPageCounts(onPages, of: candidates, on: sql)
        let reports = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(limit).map(\.key)
        guard !reports.isEmpty else { return [] }
        let pages = try await engine.pages(matching: onPages, of: reports, on: sql)
        return reports.map { hit($0, nil, in: pages[$0]) }
    }

    /// The indexed words each prefix of `query` starts (for SQLite's pages), for the prefixes that start
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

    /// For each word of `query` that is in no report, even as the start of a word, nor written
    /// otherwise (`spellings`), the indexed words one edit away from it (none when nothing is near).
    static func corrections(
        for query: ReportSearchQuery, besides spellings: [String: [String]] = [:], on sql: any SQLDatabase
    ) async throws -> [String: [String]] {
        struct Row: Decodable { let word: String }
        var corrections: [String: [String]] = [:]
        let engine = engine(for: sql)
        for word in query.correctableWords where spellings[word] == nil {
            guard try await indexedWords(startingWith: engine.stored(word), limit: 1, on: sql).isEmpty else { continue }
            let variants = Set(ReportSpelling.variants(of: word).map(engine.stored))
            let near = try await sql.raw(
                "SELECT word FROM report_words WHERE word IN (\(SQLList(variants.sorted().map { SQLBind($0) }))) ORDER BY word"
            ).all(decoding: Row.self)
            if !near.isEmpty { corrections[word] = near.prefix(ReportSpelling.correctionsPerWord).map(\.word) }
        }
        return corrections
    }

    /// A hit on `reportID`, its snippet from its best page if any, else `snippet`.
    static func hit(_ reportID: String, _ snippet: String?, in found: PagesFound?) -> Hit {
        Hit(
            reportID: reportID, snippet: (found?.snippet ?? snippet ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
            snippetPage: found?.snippetPage, pages: Array((found?.pages ?? []).prefix(pagesNamed)), pageCount: found?.pages.count ?? 0)
    }

    /// A report's matching pages and the snippet from its best one.
    struct PagesFound {
        var pages: [Int]
        var snippetPage: Int?
        var snippet: String?
    }
}
