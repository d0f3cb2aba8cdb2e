import Fluent
import SQLKit

struct CreateStepSamples: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(StepSampleRecord.schema)
            .field(.id, .int, .identifier(auto: true))
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("source_name", .string, .required)
            .field("source_kind", .int, .required)
            .field("start_at", .double, .required)
            .field("end_at", .double, .required)
            .field("utc_offset", .int, .required)
            .field("value", .double, .required)
            .field("local_day", .int, .required)
            // The same sample imported again (or pushed twice) is stored once.
            .unique(on: "user_id", "source_name", "start_at", "end_at", "value", name: "step_samples_identity")
            .create()
        try await database.sql().create(index: "step_samples_user_day").on(StepSampleRecord.schema).column("user_id").column("local_day")
            .run()
    }

    func revert(on database: Database) async throws {
        try await database.schema(StepSampleRecord.schema).delete()
    }
}
