import Fluent
import SQLKit

/// Address ownership: when an account's address was confirmed (`email_verified_at`; nil until
/// then, for accounts made before this too), and the single-use links that confirm an address,
/// reset a password or invite someone (`account_tokens`, only their digests).
struct AddAddressOwnership: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(User.schema).field("email_verified_at", .datetime).update()
        try await database.schema(AccountToken.schema)
            .id()
            .field("purpose", .string, .required)
            .field("token_hash", .string, .required)
            .field("user_id", .uuid, .references(User.schema, "id", onDelete: .cascade))
            .field("email", .string, .required)
            .field("created_by", .uuid, .references(User.schema, "id", onDelete: .setNull))
            .field("expires_at", .datetime, .required)
            .field("used_at", .datetime)
            .field("created_at", .datetime, .required)
            .unique(on: "token_hash")
            .create()
        try await database.sql().create(index: "account_tokens_user_purpose").on(AccountToken.schema).column("user_id").column("purpose")
            .run()
    }

    func revert(on database: Database) async throws {
        try await database.schema(AccountToken.schema).delete()
        try await database.schema(User.schema).deleteField("email_verified_at").update()
    }
}
