import Fluent
import SQLKit

/// The `step_sync_devices` table: phones that send their steps on their own, each with a token
/// of its own (only its SHA-256 stored).
struct CreateStepSyncDevices: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(StepSyncDeviceRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("way", .string, .required)
            .field("token_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .field("last_sync_at", .datetime)
            .field("last_sync_points", .int)
            .unique(on: "token_hash", name: "step_sync_devices_token")
            .create()
        try await database.sql().create(index: "step_sync_devices_user").on(StepSyncDeviceRecord.schema).column("user_id").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema(StepSyncDeviceRecord.schema).delete()
    }
}
