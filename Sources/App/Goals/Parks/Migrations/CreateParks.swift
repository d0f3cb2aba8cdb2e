import Fluent
import SQLKit

/// The `parks` and `park_links` tables, and which park sent a jump session (`jump_sessions.park_id`).
struct CreateParks: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(ParkRecord.schema)
            .id()
            .field("name", .string, .required)
            .field("key_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .field("revoked_at", .datetime)
            .unique(on: "key_hash", name: "parks_key_hash")
            .create()
        try await database.schema(ParkLinkRecord.schema)
            .id()
            .field("park_id", .uuid, .required, .references(ParkRecord.schema, "id", onDelete: .cascade))
            .field("user_id", .uuid, .references(User.schema, "id", onDelete: .cascade))
            .field("email_hash", .string, .required)
            .field("reference", .string)
            .field("status", .string, .required)
            .field("requested_at", .datetime, .required)
            .field("decided_at", .datetime)
            .unique(on: "park_id", "email_hash", name: "park_links_park_address")
            .create()
        // A member's Settings and the removal of an account find their links by member.
        try await database.sql().create(index: "park_links_user").on(ParkLinkRecord.schema).column("user_id").run()
        try await database.schema(JumpSessionRecord.schema)
            .field("park_id", .uuid, .references(ParkRecord.schema, "id", onDelete: .setNull))
            .update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(JumpSessionRecord.schema).deleteField("park_id").update()
        try await database.schema(ParkLinkRecord.schema).delete()
        try await database.schema(ParkRecord.schema).delete()
    }
}
