import Fluent

/// The client network an account was made from (``User/signUpNetwork``): accounts made from one
/// network within an hour share one turn at the tool threads.
struct AddSignUpNetwork: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(User.schema).field("sign_up_network", .string).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(User.schema).deleteField("sign_up_network").update()
    }
}
