import Fluent
import Foundation
import KineticAPI
import Logging
import NIOConcurrencyHelpers
import SQLKit
import Testing
import VaporTesting

@testable import App

/// Every query a signed-in user's main reads run is an index search, never a scan of a table:
/// each read's cost grows with what it answers, not with how many users, wishes or reports the
/// instance holds. The queries are those the app really sends (captured from its SQL log), and
/// their plans are SQLite's own (`EXPLAIN QUERY PLAN`), which do not depend on the tables' sizes
/// until `ANALYZE` has run (Kinetic never runs it). On PostgreSQL a plan does depend on the
/// sizes, which a test's few rows do not have, so there the test checks nothing.
@Suite struct QueryPlanTests {
    /// The SQL the app logs at `debug`, as it is sent.
    final class QueryLog: Sendable {
        private let queries = NIOLockedValueBox<[String]>([])

        var all: [String] { queries.withLockedValue { $0 } }
        func clear() { queries.withLockedValue { $0.removeAll() } }
        func add(_ sql: String) { queries.withLockedValue { $0.append(sql) } }

        struct Handler: LogHandler {
            let log: QueryLog
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .debug
            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }

            func log(event: LogEvent) {
                if case .string(let sql) = event.metadata?["sql"] { log.add(sql) }
            }
        }
    }

    @Test func theMainReads_searchIndexes_andScanNoTable() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            guard let sql = app.db as? any SQLDatabase, sql.dialect.name == "sqlite" else { return }
            let ann = try await app.signUp()
            try await app.grantAdmin(ann)
            _ = try await app.importReportLibrary(from: fixtures.folder, for: .server("tests"))
            #expect(try await app.json(.POST, "/api/v1/workouts", body: workoutRequest, token: ann.token).status == .created)
            _ = try await app.scheduleWish(from: ann, to: [ann.email], channels: [.inApp])
            let root = try await app.json(.GET, "/api/v1/reports/categories/root", token: ann.token)
                .decoded(as: Components.Schemas.ReportLevel.self)
            let category = try #require(root.categories.first?.id)

            // The test sees a scan when there is one.
            let unindexed = try await sql.raw("EXPLAIN QUERY PLAN SELECT id FROM users WHERE name = 'Ann'").all()
            #expect(!Self.scans(in: try unindexed.map { try $0.decode(column: "detail", as: String.self) }).isEmpty)
            #expect(Self.scans(in: ["MATERIALIZE recent", "SCAN workouts", "SCAN recent"]) == ["SCAN workouts"])
            #expect(Self.scans(in: ["SEARCH users USING AUTOMATIC COVERING INDEX (name=?)"]).count == 1)
            // A full-text table read whole, and one read by its index.
            let fullText = try await sql.raw("EXPLAIN QUERY PLAN SELECT report_id FROM report_pages WHERE report_id = 'a'").all()
            #expect(Self.scans(in: try fullText.map { try $0.decode(column: "detail", as: String.self) }).count == 1)
            let matched = try await sql.raw(
                "EXPLAIN QUERY PLAN SELECT rowid FROM report_pages WHERE report_pages MATCH 'a' AND rowid IN (1, 2)"
            ).all()
            #expect(Self.scans(in: try matched.map { try $0.decode(column: "detail", as: String.self) }).isEmpty)

            let log = QueryLog()
            app.logger = Logger(label: "queries") { _ in QueryLog.Handler(log: log) }
            let reads = [
                "/api/v1/profile/\(ann.customerId)/goals", "/api/v1/steps/daily", "/api/v1/workouts",
                "/api/v1/reports/categories/root", "/api/v1/reports/categories/\(category)", "/api/v1/reports/search?q=report",
                "/api/v1/wishes?box=inbox", "/api/v1/wishes?box=scheduled", "/api/v1/wishes?box=inbox&q=birthday",
                "/api/v1/wishes?box=inbox&occasion=birthday", "/api/v1/wishes/counts",
            ]
            for path in reads {
                // The first visit may fill a cache (the goals' snapshot, the category tree); the
                // second is what every later visit costs.
                #expect(try await app.json(.GET, path, token: ann.token).status == .ok, "\(path)")
                log.clear()
                #expect(try await app.json(.GET, path, token: ann.token).status == .ok, "\(path)")
                let selects = log.all.filter { $0.uppercased().hasPrefix("SELECT") || $0.uppercased().hasPrefix("WITH") }
                #expect(!selects.isEmpty, "\(path) read nothing")
                for query in selects {
                    let plan = try await sql.raw(SQLQueryString("EXPLAIN QUERY PLAN " + query)).all()
                        .map { try $0.decode(column: "detail", as: String.self) }
                    let scans = Self.scans(in: plan)
                    #expect(scans.isEmpty, "\(path): \(query)\n\(plan.joined(separator: "\n"))")
                }
            }
        }
    }

    /// A plan step reading a whole table or index, or building an automatic index (which reads
    /// the whole table each time). Not one: a full-text table's MATCH or row lookup (FTS5
    /// answers them from its index: `VIRTUAL TABLE INDEX n:M…`, `n:=M…`, `n:=`), a scan of a `VALUES` list, of constant rows or of an
    /// unnamed subquery's rows; a named CTE's or subquery's rows are left out by the caller
    /// (``scans(in:)``).
    static func isTableScan(_ detail: String) -> Bool {
        if detail.contains("USING AUTOMATIC") { return true }
        guard detail.hasPrefix("SCAN ") else { return false }
        let what = detail.dropFirst("SCAN ".count)
        if what.hasPrefix("(") || what.hasPrefix("CONSTANT ROW") || what.hasSuffix("-ROW VALUES CLAUSE") { return false }
        if what.hasSuffix(" CONSTANT ROWS"), what.dropLast(" CONSTANT ROWS".count).allSatisfy(\.isNumber) { return false }
        if let index = what.range(of: " VIRTUAL TABLE INDEX "),
            let plan = what[index.upperBound...].split(separator: ":", maxSplits: 1).dropFirst().first,
            plan.contains("M") || plan.contains("=")
        {
            return false
        }
        return true
    }

    /// The steps of `plan` that scan a table, leaving out scans of the CTEs and subqueries the
    /// plan itself makes (`CO-ROUTINE x`, `MATERIALIZE x`).
    static func scans(in plan: [String]) -> [String] {
        let made = Set(
            plan.compactMap { step -> String? in
                for prefix in ["CO-ROUTINE ", "MATERIALIZE "] where step.hasPrefix(prefix) {
                    return String(step.dropFirst(prefix.count).prefix { $0 != " " })
                }
                return nil
            })
        return plan.filter { step in
            guard isTableScan(step) else { return false }
            let name = step.dropFirst("SCAN ".count).prefix { $0 != " " }
            return !made.contains(String(name))
        }
    }

    private var workoutRequest: [String: Any] {
        ["categories": ["strength", "cardio"], "difficulty": "intermediate", "duration": 20, "seed": 7]
    }
}
