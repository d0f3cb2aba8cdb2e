import Fluent
import SQLKit

/// Whether an account administers the instance (imports the report library); no account
/// does until `kinetic admin grant` says so.
struct AddUserAdminRole: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(User.schema).field("is_admin", .bool, .required, .sql(.default(false))).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(User.schema).deleteField("is_admin").update()
    }
}
