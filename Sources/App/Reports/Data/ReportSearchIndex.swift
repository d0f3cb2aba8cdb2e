import Fluent
import Foundation
import KineticCore
import SQLKit

/// The full-text index over reports' titles, keywords and text: SQLite's FTS5 (bundled with
/// sqlite-nio; `unicode61` words without diacritics, ranked by BM25 with the title weighing
/// most) or PostgreSQL's `tsvector` with a GIN index (the `simple` configuration, weights A/B/D,
/// `websearch_to_tsquery`). A query is always a ``ReportSearchQuery`` written out for the
/// database and bound as a parameter: what someone typed never reaches `MATCH` as typed.
enum ReportSearchIndex {
    static let table = "report_search"
    /// Marks around a matching word in a snippet: private-use characters no PDF text uses,
    /// turned into `<mark>` after the snippet is escaped.
    static let hitStart = "\u{E000}"
    static let hitEnd = "\u{E001}"
    /// The most text indexed per report (PostgreSQL refuses a `tsvector` over 1 MB).
    static let bodyLimit = 200_000

    /// One report's searchable text.
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

    static func drop(on sql: any SQLDatabase) async throws {
        try await sql.raw("DROP TABLE IF EXISTS report_search").run()
    }

    /// Indexes `entry`, replacing what was indexed for its report.
    static func put(_ entry: Entry, on sql: any SQLDatabase) async throws {
        try await remove([entry.reportID], on: sql)
        let body = String(entry.body.prefix(bodyLimit))
        try await sql.raw(
            """
            INSERT INTO report_search (report_id, title, keywords, body)
            VALUES (\(bind: entry.reportID), \(bind: entry.title), \(bind: entry.keywords.joined(separator: ", ")), \(bind: body))
            """
        ).run()
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

    /// Every report's indexed text (its body), by report id.
    static func bodies(on sql: any SQLDatabase) async throws -> [String: String] {
        struct Row: Decodable {
            let report_id: String
            let body: String
        }
        let rows = try await sql.raw("SELECT report_id, body FROM report_search").all(decoding: Row.self)
        return Dictionary(rows.map { ($0.report_id, $0.body) }, uniquingKeysWith: { first, _ in first })
    }

    static func removeAll(on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM report_search").run()
    }

    static func remove(_ reportIDs: [String], on sql: any SQLDatabase) async throws {
        guard !reportIDs.isEmpty else { return }
        try await sql.raw("DELETE FROM report_search WHERE report_id IN (\(SQLList(reportIDs.map { SQLBind($0) })))").run()
    }

    /// The reports matching `query`, best first, at most `limit`.
    static func search(_ query: ReportSearchQuery, limit: Int, on sql: any SQLDatabase) async throws -> [Hit] {
        struct Row: Decodable {
            let report_id: String
            let snippet: String?
        }
        let rows: [Row]
        if sql.dialect.name == "sqlite" {
            rows = try await sql.raw(
                """
                SELECT report_id, snippet(report_search, -1, \(bind: hitStart), \(bind: hitEnd), '…', 18) AS snippet
                FROM report_search WHERE report_search MATCH \(bind: query.fts5Expression)
                ORDER BY bm25(report_search, 0.0, 10.0, 5.0, 1.0), report_id LIMIT \(bind: limit)
                """
            ).all(decoding: Row.self)
        } else {
            let options = "StartSel=\(hitStart), StopSel=\(hitEnd), MaxWords=24, MinWords=10, MaxFragments=1, FragmentDelimiter=…"
            rows = try await sql.raw(
                """
                SELECT report_id, ts_headline('simple'::regconfig, body, q, \(bind: options)) AS snippet
                FROM report_search, websearch_to_tsquery('simple'::regconfig, \(bind: query.websearchText)) AS q
                WHERE document @@ q ORDER BY ts_rank(document, q) DESC, report_id LIMIT \(bind: limit)
                """
            ).all(decoding: Row.self)
        }
        return rows.map { Hit(reportID: $0.report_id, snippet: ($0.snippet ?? "").trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}
