import Fluent

struct CreateJumpMonthTotals: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(JumpMonthTotalRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("month", .string, .required)
            .field("jumps", .int, .required)
            .field("calories", .int, .required)
            .field("last_session_id", .uuid, .required, .references(JumpSessionRecord.schema, "id", onDelete: .cascade))
            .field("last_date", .string, .required)
            .field("last_jumps", .int, .required)
            .field("last_calories", .int)
            .field("last_park_name", .string, .required)
            .field("last_start_time", .string, .required)
            .field("last_end_time", .string, .required)
            .unique(on: "user_id", "month")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(JumpMonthTotalRecord.schema).delete()
    }
}
