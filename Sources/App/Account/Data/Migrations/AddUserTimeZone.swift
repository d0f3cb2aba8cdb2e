import Fluent

/// The user's time zone (an IANA identifier); null means the server's (`TZ`).
struct AddUserTimeZone: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(User.schema).field("time_zone", .string).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(User.schema).deleteField("time_zone").update()
    }
}
