import Fluent

struct CreateMonthlyGoals: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(MonthlyGoalRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("month", .string, .required)
            .field("jump_goal", .int, .required)
            .field("calorie_goal", .int, .required)
            .unique(on: "user_id", "month")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(MonthlyGoalRecord.schema).delete()
    }
}
