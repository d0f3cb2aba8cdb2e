import Fluent
import Foundation
import KineticAPI
import SQLKit
import Testing
import VaporTesting

@testable import App

/// Every query a signed-in user's main reads run is an index search, never a scan of a table:
/// each read's cost grows with what it answers, not with how many users, wishes or reports the
/// instance holds. The queries are those the app really sends (captured from its SQL log). On
/// SQLite their plans are its own (`EXPLAIN QUERY PLAN`), which do not depend on the tables'
/// sizes until `ANALYZE` has run (Kinetic never runs it). On PostgreSQL a plan does depend on the
/// sizes, and a test's few rows are cheapest read whole, so there each query is planned as a
/// prepared statement's generic plan (for any parameters) with sequential scans priced out
/// (`enable_seqscan = off`): a table still read whole, or an index read from end to end or
/// without its first column, is one no index can answer.
@Suite struct QueryPlanTests {
    /// A query the app logs at `debug`, as it is sent, with its parameters as the driver writes them.
    struct Query {
        let sql: String
        let binds: [String]

        /// The query of a log entry, when it is one.
        init?(_ entry: CapturedLog.Entry) {
            guard case .string(let sql) = entry.values["sql"] else { return nil }
            self.sql = sql
            if case .array(let values) = entry.values["binds"] { binds = values.map { "\($0)" } } else { binds = [] }
        }
    }

    @Test func theMainReads_searchIndexes_andScanNoTable() async throws {
        let fixtures = try ReportFixtures()
        defer { fixtures.remove() }
        try await withKinetic { app in
            let sql = try app.db.sql()
            let ann = try await app.signUp()
            try await app.grantAdmin(ann)
            _ = try await app.reportImports(for: .server("tests")).importLibrary(from: fixtures.folder)
            #expect(try await app.json(.POST, "/api/v1/workouts", body: workoutRequest, token: ann.token).status == .created)
            _ = try await app.scheduleWish(from: ann, to: [ann.email], channels: [.inApp])
            let root = try await app.json(.GET, "/api/v1/reports/categories/root", token: ann.token)
                .decoded(as: Components.Schemas.ReportLevel.self)
            let category = try #require(root.categories.first?.id)

            // The test sees a scan when there is one.
            #expect(try await Self.scans(of: "SELECT id FROM users WHERE name = 'Ann'", on: app.db).scans.count == 1)
            #expect(try await Self.scans(of: "SELECT id FROM users WHERE id = $1", on: app.db).scans.isEmpty)
            // An index that does not begin with the column asked for is read whole.
            #expect(try await Self.scans(of: "SELECT id FROM daily_step_totals WHERE date = $1", on: app.db).scans.count == 1)
            if sql.dialect.name == "sqlite" {
                #expect(Self.scans(in: ["MATERIALIZE recent", "SCAN workouts", "SCAN recent"]) == ["SCAN workouts"])
                #expect(Self.scans(in: ["SEARCH users USING AUTOMATIC COVERING INDEX (name=?)"]).count == 1)
                // A full-text table read whole, and one read by its index.
                #expect(try await Self.scans(of: "SELECT report_id FROM report_pages WHERE report_id = 'a'", on: app.db).scans.count == 1)
                let matched = "SELECT rowid FROM report_pages WHERE report_pages MATCH 'a' AND rowid IN (1, 2)"
                #expect(try await Self.scans(of: matched, on: app.db).scans.isEmpty)
            } else {
                // Every row in key order is an index read end to end.
                #expect(try await Self.scans(of: "SELECT id FROM users ORDER BY id", on: app.db).scans.count == 1)
            }

            let log = CapturedLog()
            app.logger = log.logger
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
                let statements = log.all.compactMap(Query.init).filter { query in
                    ["SELECT", "WITH", "UPDATE", "DELETE"].contains { query.sql.uppercased().hasPrefix($0) }
                }
                #expect(statements.contains { $0.sql.uppercased().hasPrefix("SELECT") }, "\(path) read nothing")
                for query in statements {
                    let (scans, plan) = try await Self.scans(of: query.sql, binds: query.binds, on: app.db)
                    #expect(scans.isEmpty, "\(path): \(query.sql)\n\(plan.joined(separator: "\n"))")
                }
            }
        }
    }

    /// The steps of `query`'s plan that read a whole table, and the whole plan, one step a line.
    /// `binds` are its parameters as logged: on PostgreSQL they give the parameters' types.
    static func scans(of query: String, binds: [String] = [], on database: any Database) async throws -> (scans: [String], plan: [String]) {
        let sql = try database.sql()
        guard sql.dialect.name != "sqlite" else {
            let plan = try await sql.raw(SQLQueryString("EXPLAIN QUERY PLAN " + query)).all()
                .map { try $0.decode(column: "detail", as: String.self) }
            return (scans(in: plan), plan)
        }
        let parameters = query.matches(of: /\$([0-9]+)/).compactMap { Int($0.output.1) }.max() ?? 0
        let types = (0..<parameters).map { $0 < binds.count ? postgresType(of: binds[$0]) : "unknown" }
        let declared = parameters == 0 ? "" : "(" + types.joined(separator: ", ") + ")"
        let arguments = parameters == 0 ? "" : "(" + Array(repeating: "NULL", count: parameters).joined(separator: ", ") + ")"
        // In a transaction of its own, so that the settings end with it whatever happens; the
        // prepared statement outlives a transaction, so it is dropped either way.
        let plan = try await database.withConnection { connection in
            let sql = try connection.sql()
            try await sql.raw("BEGIN").run()
            do {
                try await sql.raw("SET LOCAL enable_seqscan = off").run()
                try await sql.raw("SET LOCAL plan_cache_mode = force_generic_plan").run()
                try await sql.raw(SQLQueryString("PREPARE kinetic_plan\(declared) AS " + query)).run()
                let rows = try await sql.raw(SQLQueryString("EXPLAIN (FORMAT JSON) EXECUTE kinetic_plan" + arguments)).all()
                try await sql.raw("ROLLBACK").run()
                try await sql.raw("DEALLOCATE kinetic_plan").run()
                return try #require(rows.first).decode(column: "QUERY PLAN", as: [PostgresPlan].self)
            } catch {
                try? await sql.raw("ROLLBACK").run()
                try? await sql.raw("DEALLOCATE kinetic_plan").run()
                throw error
            }
        }
        let steps = try #require(plan.first).plan.steps
        var leading: [String: String] = [:]
        for index in Set(steps.compactMap(\.indexName)) {
            // An index on an expression has no column first (`indkey[0]` is 0): any condition counts.
            leading[index] = try await sql.raw(
                """
                SELECT a.attname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0] WHERE c.relname = \(bind: index)
                """
            ).first(decodingColumn: "attname", as: String.self)
        }
        return (
            steps.filter { $0.readsWhole(leadingColumn: $0.indexName.flatMap { leading[$0] }) }.map(\.description), steps.map(\.description)
        )
    }

    /// The PostgreSQL type of a parameter the driver logged as `bind`: what the app sends is a
    /// UUID, a whole number, a flag, an instant or text, and a generic plan needs only the type
    /// (`unknown` lets PostgreSQL take it from where the parameter stands). A guess that is wrong
    /// fails the test with PostgreSQL's error, never passes it.
    static func postgresType(of bind: String) -> String {
        if UUID(uuidString: bind) != nil { return "uuid" }
        if Int64(bind) != nil { return "bigint" }
        if bind == "true" || bind == "false" { return "boolean" }
        if bind.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}( \+0000)?/) != nil { return "timestamptz" }
        return "unknown"
    }

    /// A node of PostgreSQL's `EXPLAIN (FORMAT JSON)`, with what the check reads of it.
    struct PostgresPlan: Decodable {
        let plan: Node

        struct Node: Decodable {
            let nodeType: String
            let relationName: String?
            let indexName: String?
            let indexCondition: String?
            let plans: [Node]?

            enum CodingKeys: String, CodingKey {
                case nodeType = "Node Type", relationName = "Relation Name", indexName = "Index Name"
                case indexCondition = "Index Cond", plans = "Plans"
            }

            /// This node and every node under it.
            var steps: [Node] { [self] + (plans ?? []).flatMap(\.steps) }

            /// A table read whole, or an index read end to end: no condition bounds it, or none on
            /// the index's `leadingColumn` (a B-tree index answers a condition on a later column
            /// only by reading all of itself).
            func readsWhole(leadingColumn: String?) -> Bool {
                if nodeType == "Seq Scan" { return true }
                guard ["Index Scan", "Index Only Scan", "Bitmap Index Scan"].contains(nodeType) else { return false }
                guard let indexCondition else { return true }
                guard let leadingColumn else { return false }
                return !indexCondition.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains {
                    $0 == leadingColumn
                }
            }

            var description: String {
                [nodeType, relationName.map { "on \($0)" }, indexName.map { "using \($0)" }, indexCondition].compactMap { $0 }
                    .joined(separator: " ")
            }
        }

        enum CodingKeys: String, CodingKey { case plan = "Plan" }
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
