import Fluent

/// An Inbox wish remembers when its recipient said thanks (`thanked_at`), so they say it once.
struct AddInboxThanks: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(InboxWishRecord.schema).field("thanked_at", .datetime).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(InboxWishRecord.schema).deleteField("thanked_at").update()
    }
}
