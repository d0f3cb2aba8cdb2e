import Fluent
import SQLKit

/// A completed workout remembers the run of the player it came from (`run_id`, unique per
/// user), so a retried "finished" of the same run is stored once.
struct AddCompletedWorkoutRunID: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(CompletedWorkoutRecord.schema).field("run_id", .uuid).update()
        try await database.sql().create(index: "completed_workouts_run").unique().on(CompletedWorkoutRecord.schema)
            .column("user_id").column("run_id").run()
    }

    func revert(on database: Database) async throws {
        try await database.sql().drop(index: "completed_workouts_run").run()
        try await database.schema(CompletedWorkoutRecord.schema).deleteField("run_id").update()
    }
}
