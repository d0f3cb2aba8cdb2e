import Fluent

/// `login_devices`: browsers and apps that signed in to an account before, each known by a
/// secret (its digest here) in a cookie or the app's keeping, so a guesser cannot lock the
/// owner out (OWASP's device cookies).
struct CreateLoginDevices: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(LoginDevice.schema)
            .id()
            .field("token_hash", .string, .required)
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(LoginDevice.schema).delete()
    }
}
