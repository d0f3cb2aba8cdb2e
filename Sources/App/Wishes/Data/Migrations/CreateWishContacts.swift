import Fluent

/// The address book's table, `wish_contacts`: a sender's contacts, one per address.
struct CreateWishContacts: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(WishContactRecord.schema)
            .field("id", .uuid, .identifier(auto: false))
            .field("owner_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("email", .string, .required)
            .field("birthday", .string)
            .field("birthday_month_day", .string)
            .field("time_zone", .string)
            .field("reach", .string)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "owner_id", "email")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(WishContactRecord.schema).delete()
    }
}
