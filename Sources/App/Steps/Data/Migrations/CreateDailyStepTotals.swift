import Fluent

struct CreateDailyStepTotals: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(DailyStepTotalRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("date", .string, .required)
            .field("steps", .int, .required)
            .unique(on: "user_id", "date")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(DailyStepTotalRecord.schema).delete()
    }
}
