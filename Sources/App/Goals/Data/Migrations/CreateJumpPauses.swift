import Fluent

/// The `jump_pauses` table: a user's rest days, days off and months off (``JumpPauseRecord``).
struct CreateJumpPauses: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(JumpPauseRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .field("value", .string, .required)
            .unique(on: "user_id", "kind", "value", name: "jump_pauses_natural_key")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(JumpPauseRecord.schema).delete()
    }
}
