import Fluent

/// A contact keeps the other addresses its address book gave (`other_emails`): ``Contact/otherEmails``.
struct AddContactOtherEmails: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(WishContactRecord.schema).field("other_emails", .string).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(WishContactRecord.schema).deleteField("other_emails").update()
    }
}
