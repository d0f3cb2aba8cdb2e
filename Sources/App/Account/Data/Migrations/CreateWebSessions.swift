import Fluent

struct CreateWebSessions: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(WebSession.schema)
            .id()
            .field("token_hash", .string, .required)
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("csrf_token", .string, .required)
            .field("expires_at", .datetime, .required)
            .field("created_at", .datetime)
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(WebSession.schema).delete()
    }
}
