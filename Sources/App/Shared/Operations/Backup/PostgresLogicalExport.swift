import Fluent
import Foundation
import NIOConcurrencyHelpers
import SQLKit

/// A PostgreSQL database as rows, for hosts without `pg_dump`: every table of the schema as
/// JSON lines (`database/<table>.jsonl`, one `row_to_json` per row), read in one `REPEATABLE
/// READ` transaction so the tables agree with each other. Restoring runs this version's
/// migrations (the archive's schema is the same by then) and puts the rows back with
/// `json_populate_record` in one transaction: parents before children, generated columns left
/// to the database, sequences moved past the largest id.
struct PostgresLogicalExport {
    let database: any Database

    static let folder = "database/"

    static func entry(for table: String) -> String { "\(folder)\(table).jsonl" }

    /// Writes each table to a file in `folder`; the tables, in the order they were written.
    func export(into folder: URL) async throws -> [String] {
        try await database.withConnection { connection in
            connection.eventLoop.makeFutureWithTask {
                let sql = try connection.sql()
                try await sql.raw("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY").run()
                do {
                    let tables = try await Self.tables(on: sql)
                    for table in tables {
                        let file = folder.appendingPathComponent("\(table).jsonl")
                        FileManager.default.createFile(atPath: file.path, contents: nil)
                        let handle = try FileHandle(forWritingTo: file)
                        defer { try? handle.close() }
                        let failure = NIOLockedValueBox<(any Error)?>(nil)
                        try await sql.raw("SELECT row_to_json(t)::text AS row FROM \(ident: table) t").run { row in
                            guard failure.withLockedValue({ $0 == nil }) else { return }
                            do { try handle.write(contentsOf: Data((try row.decode(column: "row", as: String.self) + "\n").utf8)) } catch {
                                failure.withLockedValue { $0 = error }
                            }
                        }
                        if let error = failure.withLockedValue({ $0 }) { throw error }
                    }
                    try await sql.raw("COMMIT").run()
                    return tables
                } catch {
                    try? await sql.raw("ROLLBACK").run()
                    throw error
                }
            }
        }.get()
    }

    /// Puts the rows of each table's file (`file(table)`, nil when the archive has none) into
    /// the migrated, otherwise empty database, all or nothing.
    func restore(rows file: @escaping @Sendable (String) throws -> URL?) async throws {
        try await database.withConnection { connection in
            connection.eventLoop.makeFutureWithTask {
                let sql = try connection.sql()
                let tables = try await Self.tablesParentsFirst(on: sql)
                try await sql.raw("BEGIN").run()
                do {
                    // What the migrations wrote (their own log among it) gives way to the archive's.
                    for table in tables.reversed() { try await sql.raw("DELETE FROM \(ident: table)").run() }
                    for table in tables {
                        guard let rows = try file(table) else { continue }
                        let columns = try await sql.raw(
                            """
                            SELECT column_name FROM information_schema.columns
                            WHERE table_schema = current_schema() AND table_name = \(bind: table) AND is_generated = 'NEVER'
                            ORDER BY ordinal_position
                            """
                        ).all(decodingColumn: "column_name", as: String.self)
                        let list = SQLList(columns.map { SQLIdentifier($0) })
                        try await Self.forEachLine(of: rows) { line in
                            try await sql.raw(
                                """
                                INSERT INTO \(ident: table) (\(list)) SELECT \(list)
                                FROM json_populate_record(NULL::\(ident: table), \(bind: line)::json)
                                """
                            ).run()
                        }
                    }
                    try await Self.moveSequencesPastTheirRows(on: sql)
                    try await sql.raw("COMMIT").run()
                } catch {
                    try? await sql.raw("ROLLBACK").run()
                    throw error
                }
            }
        }.get()
    }

    /// Calls `body` with each line of `file`, read 1 MiB at a time.
    private static func forEachLine(of file: URL, _ body: (String) async throws -> Void) async throws {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var pending = Data()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            pending.append(chunk)
            var start = pending.startIndex
            while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                if end > start { try await body(String(decoding: pending[start..<end], as: UTF8.self)) }
                start = end + 1
            }
            pending = Data(pending[start...])
        }
        if !pending.isEmpty { try await body(String(decoding: pending, as: UTF8.self)) }
    }

    private static func tables(on sql: any SQLDatabase) async throws -> [String] {
        try await sql.raw("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
            .all(decodingColumn: "tablename", as: String.self)
    }

    private struct Reference: Decodable {
        let child: String
        let parent: String
    }

    /// The tables, each after those its foreign keys point at.
    private static func tablesParentsFirst(on sql: any SQLDatabase) async throws -> [String] {
        let tables = try await tables(on: sql)
        let references = try await sql.raw(
            """
            SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
            FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
            """
        ).all(decoding: Reference.self)
        var parents: [String: Set<String>] = [:]
        for reference in references where reference.child != reference.parent {
            parents[reference.child.trimmingCharacters(in: ["\""]), default: []].insert(reference.parent.trimmingCharacters(in: ["\""]))
        }
        var ordered: [String] = [], placed: Set<String> = []
        while ordered.count < tables.count {
            let ready = tables.filter { !placed.contains($0) && (parents[$0] ?? []).isSubset(of: placed) }
            // A cycle of references (none in Kinetic's schema) would leave tables unplaced: take them as they come.
            let next = ready.isEmpty ? tables.filter { !placed.contains($0) } : ready
            ordered += next
            placed.formUnion(next)
        }
        return ordered
    }

    private struct SerialColumn: Decodable {
        let table_name: String
        let column_name: String
    }

    private static func moveSequencesPastTheirRows(on sql: any SQLDatabase) async throws {
        let serials = try await sql.raw(
            """
            SELECT table_name, column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND pg_get_serial_sequence(quote_ident(table_name), column_name) IS NOT NULL
            """
        ).all(decoding: SerialColumn.self)
        for serial in serials {
            try await sql.raw(
                """
                SELECT setval(pg_get_serial_sequence(\(bind: serial.table_name), \(bind: serial.column_name)),
                    COALESCE(MAX(\(ident: serial.column_name)), 0) + 1, false) FROM \(ident: serial.table_name)
                """
            ).run()
        }
    }
}
