import Fluent

struct CreateAPITokens: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(APIToken.schema)
            .id()
            .field("token_hash", .string, .required)
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("created_at", .datetime)
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(APIToken.schema).delete()
    }
}
