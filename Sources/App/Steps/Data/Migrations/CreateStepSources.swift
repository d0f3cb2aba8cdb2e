import Fluent
import SQLKit

/// The `step_sources` table, filled from the samples already stored.
struct CreateStepSources: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(StepSourceRecord.schema)
            .field(.id, .int, .identifier(auto: true))
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("kind", .int, .required)
            .field("position", .int)
            .unique(on: "user_id", "name", name: "step_sources_user_name")
            .create()
        try await database.sql().raw(
            """
            INSERT INTO step_sources (user_id, name, kind)
            SELECT user_id, source_name, MAX(source_kind) FROM step_samples GROUP BY user_id, source_name
            """
        ).run()
    }

    func revert(on database: Database) async throws {
        try await database.schema(StepSourceRecord.schema).delete()
    }
}
