import Fluent

/// The `goal_history_snapshots` table: one row per user (see ``GoalHistorySnapshots``).
struct CreateGoalHistorySnapshots: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(GoalHistorySnapshots.schema)
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("version", .int64, .required)
            .field("month_key", .string)
            .field("body", .string)
            .unique(on: "user_id", name: "goal_history_snapshots_user")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(GoalHistorySnapshots.schema).delete()
    }
}
