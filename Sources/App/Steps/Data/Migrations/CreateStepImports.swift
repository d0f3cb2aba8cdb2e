import Fluent
import SQLKit

/// The `step_imports` table: a row per finished Apple Health import.
struct CreateStepImports: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(StepImportRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("imported_at", .datetime, .required)
            .field("records_read", .int64, .required)
            .field("step_samples", .int64, .required)
            .field("samples_skipped", .int64, .required)
            .field("days_updated", .int, .required)
            .field("first_day", .string)
            .field("last_day", .string)
            .create()
        try await database.sql().create(index: "step_imports_user_time").on(StepImportRecord.schema).column("user_id").column("imported_at")
            .run()
    }

    func revert(on database: Database) async throws {
        try await database.schema(StepImportRecord.schema).delete()
    }
}
