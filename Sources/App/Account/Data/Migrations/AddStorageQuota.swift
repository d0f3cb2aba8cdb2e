import Fluent

/// An administrator's storage quota for one account (`kinetic admin quota`), in bytes; nil
/// for the server's default (`KINETIC_STORAGE_QUOTA`).
struct AddStorageQuota: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(User.schema).field("storage_quota_bytes", .int64).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(User.schema).deleteField("storage_quota_bytes").update()
    }
}
