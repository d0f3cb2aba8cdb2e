import Fluent
import SQLKit

/// Steps keep how each sample arrived and which delivery last stored it, and the periods each
/// delivery is the truth for (``StepClaim``): `step_samples.channel` (``StepChannel``: 0 an
/// export, 1 a push, 2 Health Auto Export) and `delivery` (a number per import or push), and
/// the `step_claims` table; an import says what it changed (`days_added`, `days_changed`,
/// `samples_removed`). Samples stored before were imports, or pushed points (stored with no
/// duration), which become pushes.
struct AddStepChannels: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(StepSampleRecord.schema)
            .field("channel", .int, .required, .sql(.default(0)))
            .update()
        try await database.schema(StepSampleRecord.schema).field("delivery", .int64).update()
        for column in ["days_added", "days_changed", "samples_removed"] {
            try await database.schema(StepImportRecord.schema).field(
                .definition(name: .key(.string(column)), dataType: .int, constraints: [.required, .sql(.default(0))])
            ).update()
        }
        try await database.sql().update(StepSampleRecord.schema)
            .set("channel", to: SQLLiteral.numeric("1"))
            .where(SQLColumn("start_at"), .equal, SQLColumn("end_at"))
            .run()
        try await database.schema(StepClaimRecord.schema)
            .field(.id, .int, .identifier(auto: true))
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("source_name", .string, .required)
            .field("channel", .int, .required)
            .field("start_at", .double, .required)
            .field("end_at", .double, .required)
            .create()
        try await database.sql().create(index: "step_claims_user").on(StepClaimRecord.schema).column("user_id").column("source_name")
            .run()
    }

    func revert(on database: Database) async throws {
        try await database.schema(StepClaimRecord.schema).delete()
        for column in ["days_added", "days_changed", "samples_removed"] {
            try await database.schema(StepImportRecord.schema).deleteField(.key(.string(column))).update()
        }
        try await database.schema(StepSampleRecord.schema).deleteField("delivery").update()
        try await database.schema(StepSampleRecord.schema).deleteField("channel").update()
    }
}
