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
            .unique(on: "user_id", "month")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(JumpMonthTotalRecord.schema).delete()
    }
}
