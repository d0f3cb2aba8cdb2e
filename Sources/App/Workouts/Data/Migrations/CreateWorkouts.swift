import Fluent
import SQLKit

/// The `workouts` table: generated workouts that are saved, paused, or drafts.
struct CreateWorkouts: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(WorkoutRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("selection", .string, .required)
            .field("seed", .int64, .required)
            .field("plan", .string, .required)
            .field("total_seconds", .int, .required)
            .field("created_at", .datetime, .required)
            .field("saved_at", .datetime)
            .field("progress_exercise", .int)
            .field("progress_seconds_left", .int)
            .field("progress_updated_at", .datetime)
            .create()
        try await database.sql().create(index: "workouts_user_time").on(WorkoutRecord.schema).column("user_id").column("created_at").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema(WorkoutRecord.schema).delete()
    }
}
