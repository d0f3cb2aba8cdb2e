import Fluent
import SQLKit

/// The table of ``IdempotentRequest``: one row per account and key.
struct CreateIdempotentRequests: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(IdempotentRequest.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("request_key", .string, .required)
            .field("fingerprint", .string, .required)
            .field("created_at", .datetime, .required)
            .field("status", .int)
            .field("content_type", .string)
            .field("location", .string)
            .field("body", .data)
            .unique(on: "user_id", "request_key")
            .create()
        try await database.sql().create(index: "idempotent_requests_created_at").on(IdempotentRequest.schema).column("created_at").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema(IdempotentRequest.schema).delete()
    }
}
