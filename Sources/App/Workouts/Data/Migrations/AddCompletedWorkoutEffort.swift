import Fluent
import SQLKit

/// A completed workout keeps how much of it was done: the exercise seconds worked and planned,
/// the exercises skipped, and whether that was enough to count (``WorkoutEffort``). Rows from
/// before count, as they always did, with nothing known of their effort.
struct AddCompletedWorkoutEffort: AsyncMigration {
    func prepare(on database: Database) async throws {
        for field in ["worked_seconds", "planned_work_seconds", "skipped_exercises"] {
            try await database.schema(CompletedWorkoutRecord.schema).field(.string(field), .int).update()
        }
        try await database.schema(CompletedWorkoutRecord.schema).field("counts", .bool, .required, .sql(.default(true))).update()
    }

    func revert(on database: Database) async throws {
        for field in ["counts", "skipped_exercises", "planned_work_seconds", "worked_seconds"] {
            try await database.schema(CompletedWorkoutRecord.schema).deleteField(.string(field)).update()
        }
    }
}
