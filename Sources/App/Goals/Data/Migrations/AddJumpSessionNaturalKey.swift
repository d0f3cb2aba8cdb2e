import Fluent
import Foundation
import KineticCore
import SQLKit

/// One session per user, date, start, end and park: removes the copies retried requests left
/// (keeping the first stored), recounts those months, then adds the unique key.
struct AddJumpSessionNaturalKey: AsyncMigration {
    func prepare(on database: Database) async throws {
        let sql = try database.sql()
        let copy: SQLQueryString = """
            EXISTS (SELECT 1 FROM jump_sessions AS kept
                    WHERE kept.user_id = jump_sessions.user_id AND kept.date = jump_sessions.date
                      AND kept.start_time = jump_sessions.start_time AND kept.end_time = jump_sessions.end_time
                      AND kept.park_name = jump_sessions.park_name AND kept.id < jump_sessions.id)
            """
        let touched = try await sql.raw("SELECT DISTINCT user_id, month FROM jump_sessions WHERE \(copy)").all()
        try await sql.raw("DELETE FROM jump_sessions WHERE \(copy)").run()
        for row in touched {
            let userID = try row.decode(column: "user_id", as: UUID.self)
            guard let month = Month(try row.decode(column: "month", as: String.self)) else { continue }
            try await GoalsRepository(database: database, userID: userID).refreshMonthTotals(month)
        }
        try await sql.create(index: "jump_sessions_natural_key").unique().on(JumpSessionRecord.schema)
            .column("user_id").column("date").column("start_time").column("end_time").column("park_name")
            .run()
    }

    func revert(on database: Database) async throws {
        try await database.sql().drop(index: "jump_sessions_natural_key").run()
    }
}
