import Fluent

/// The address an account signed up with while another account had it (``User/addressClaim``).
struct AddAddressClaim: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(User.schema).field("address_claim", .string).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(User.schema).deleteField("address_claim").update()
    }
}
