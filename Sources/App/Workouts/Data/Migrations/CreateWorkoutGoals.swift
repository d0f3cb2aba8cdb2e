import Fluent
import SQLKit

/// The `workout_goals` table.
struct CreateWorkoutGoals: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(WorkoutGoalRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("goal", .string, .required)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .create()
        try await database.sql().create(index: "workout_goals_user_time").on(WorkoutGoalRecord.schema).column("user_id").column(
            "created_at"
        ).run()
    }

    func revert(on database: Database) async throws {
        try await database.schema(WorkoutGoalRecord.schema).delete()
    }
}
