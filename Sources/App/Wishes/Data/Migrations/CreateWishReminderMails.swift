import Fluent

/// The table of reminders to e-mail (``WishReminderMailRecord``).
struct CreateWishReminderMails: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(WishReminderMailRecord.schema)
            .field("id", .uuid, .identifier(auto: false))
            .field("wish_id", .uuid, .required)
            .field("sender_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("filed_at", .datetime, .required)
            .field("tried_at", .datetime)
            .field("attempts", .int, .required)
            .field("mailed_at", .datetime)
            .unique(on: "wish_id")
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(WishReminderMailRecord.schema).delete()
    }
}
