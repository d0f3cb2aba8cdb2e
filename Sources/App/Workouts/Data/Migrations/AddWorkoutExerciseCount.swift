import Fluent
import Foundation
import KineticCore

/// A kept workout keeps how many exercises its plan has (`exercise_count`), so View Workouts
/// lists it without reading the plan back. Workouts kept before are counted from their plans.
struct AddWorkoutExerciseCount: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(WorkoutRecord.schema).field("exercise_count", .int, .required, .sql(.default(0))).update()
        for workout in try await WorkoutRecord.query(on: database).all() {
            workout.exerciseCount = try workout.decodedPlan().steps.count
            try await workout.save(on: database)
        }
    }

    func revert(on database: Database) async throws {
        try await database.schema(WorkoutRecord.schema).deleteField("exercise_count").update()
    }
}
