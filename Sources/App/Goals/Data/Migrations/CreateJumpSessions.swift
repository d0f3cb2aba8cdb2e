import Fluent
import SQLKit

struct CreateJumpSessions: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(JumpSessionRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("date", .string, .required)
            .field("month", .string, .required)
            .field("number_of_jumps", .int, .required)
            .field("number_of_calories", .int)
            .field("calories_estimated", .bool, .required)
            .field("park_name", .string, .required)
            .field("start_time", .string, .required)
            .field("end_time", .string, .required)
            .field("created_at", .datetime)
            .create()
        try await database.sql().create(index: "jump_sessions_user_month").on(JumpSessionRecord.schema).column("user_id").column("month")
            .run()
    }

    func revert(on database: Database) async throws {
        try await database.schema(JumpSessionRecord.schema).delete()
    }
}
