import Fluent
import Foundation
import SQLKit

/// The goals array each user was last answered, kept in the database so the next request for
/// it is one query (`GET /api/v1/profile/{id}/goals` is what parks and apps poll).
///
/// Correct on any number of instances: every write to what the array is made of (monthly goals,
/// month totals) calls ``invalidate()`` in its own transaction, which bumps the row's version
/// and drops its body; a body computed meanwhile is stored only if the version it was computed
/// under is still the row's (``store(_:key:basedOn:)``), so a stale array is never stored over
/// a newer write. The key names what else the array depends on: the current month and the time
/// zone that decides it. Any new write path to `monthly_goals` or `jump_month_totals` must
/// call ``invalidate()``.
struct GoalHistorySnapshots {
    static let schema = "goal_history_snapshots"

    let database: any Database
    let userID: UUID

    /// The user's row as read before computing: its version, and the body if it has one.
    struct Stored: Sendable {
        let version: Int?
        let key: String?
        let body: String?

        /// The stored array if it was made for `key`.
        func body(for key: String) -> String? { self.key == key ? body : nil }
    }

    func read() async throws -> Stored {
        guard
            let row = try await database.sql().raw(
                """
                SELECT version, month_key, body FROM goal_history_snapshots WHERE user_id = \(bind: userID)
                """
            ).first()
        else { return Stored(version: nil, key: nil, body: nil) }
        return Stored(
            version: try row.decode(column: "version", as: Int.self),
            key: try row.decode(column: "month_key", as: String?.self),
            body: try row.decode(column: "body", as: String?.self)
        )
    }

    /// Stores `body` unless the goals changed since `stored` was read.
    func store(_ body: String, key: String, basedOn stored: Stored) async throws {
        let sql = try database.sql()
        if let version = stored.version {
            try await sql.raw(
                """
                UPDATE goal_history_snapshots SET month_key = \(bind: key), body = \(bind: body)
                WHERE user_id = \(bind: userID) AND version = \(bind: version)
                """
            ).run()
        } else {
            try await sql.raw(
                """
                INSERT INTO goal_history_snapshots (user_id, version, month_key, body)
                VALUES (\(bind: userID), 0, \(bind: key), \(bind: body)) ON CONFLICT (user_id) DO NOTHING
                """
            ).run()
        }
    }

    /// Drops the stored array: call it in the transaction of any change to the user's goals or
    /// sessions.
    func invalidate() async throws {
        try await database.sql().raw(
            """
            INSERT INTO goal_history_snapshots (user_id, version, month_key, body) VALUES (\(bind: userID), 1, NULL, NULL)
            ON CONFLICT (user_id) DO UPDATE SET version = goal_history_snapshots.version + 1, month_key = NULL, body = NULL
            """
        ).run()
    }
}
