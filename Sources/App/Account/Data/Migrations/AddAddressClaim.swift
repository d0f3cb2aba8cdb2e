import Fluent
import SQLKit

/// The address an account signed up with while another account had it (``User/addressClaim``).
struct AddAddressClaim: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(User.schema).field("address_claim", .string).update()
        // Every login looks for the address's claimant.
        try await database.sql().create(index: "users_address_claim").on(User.schema).column("address_claim").run()
    }

    func revert(on database: Database) async throws {
        try await database.sql().drop(index: "users_address_claim").run()
        try await database.schema(User.schema).deleteField("address_claim").update()
    }
}
