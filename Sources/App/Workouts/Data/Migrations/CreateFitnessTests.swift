import Fluent
import SQLKit

/// Fitness tests, completed workouts, and the exercise results of both (with the tracked bit).
struct CreateFitnessTests: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(FitnessTestRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("category", .string, .required)
            .field("exercise_ids", .string, .required)
            .field("created_at", .datetime, .required)
            .field("completed_at", .datetime)
            .field("overall_before", .int)
            .field("overall_after", .int)
            .create()
        try await database.schema(CompletedWorkoutRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("workout_id", .uuid, .references(WorkoutRecord.schema, "id", onDelete: .setNull))
            .field("categories", .string, .required)
            .field("muscles", .string, .required)
            .field("seconds", .int, .required)
            .field("completed_at", .datetime, .required)
            .create()
        try await database.schema(ExerciseResultRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("exercise_id", .string, .required)
            .field("source", .string, .required)
            .field("fitness_test_id", .uuid, .references(FitnessTestRecord.schema, "id", onDelete: .cascade))
            .field("completed_workout_id", .uuid, .references(CompletedWorkoutRecord.schema, "id", onDelete: .cascade))
            .field("reps_per_minute", .double)
            .field("reps", .int)
            .field("confidence", .double)
            .field("level", .int)
            .field("skipped", .bool, .required)
            .field("tracked", .bool, .required)
            .field("recorded_at", .datetime, .required)
            .unique(on: "fitness_test_id", "exercise_id")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "fitness_tests_user_time").on(FitnessTestRecord.schema).column("user_id").column("created_at").run()
        try await sql.create(index: "completed_workouts_user_time").on(CompletedWorkoutRecord.schema).column("user_id").column(
            "completed_at"
        ).run()
        try await sql.create(index: "exercise_results_user_exercise").on(ExerciseResultRecord.schema).column("user_id").column(
            "exercise_id"
        ).column("recorded_at").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema(ExerciseResultRecord.schema).delete()
        try await database.schema(CompletedWorkoutRecord.schema).delete()
        try await database.schema(FitnessTestRecord.schema).delete()
    }
}
