import Fluent
import Foundation
import KineticAPI
import SQLKit
import Testing
import VaporTesting

@testable import App

/// Workouts kept before `exercise_count` existed are counted from their plans.
@Suite struct WorkoutExerciseCountMigrationTests {
    @Test func workoutsKeptBefore_areCountedFromTheirPlans() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let selection: [String: Any] = ["categories": ["strength"], "difficulty": "beginner", "duration": 10]
            let kept = try await app.json(.POST, "/api/v1/workouts", body: selection, token: account.token)
                .decoded(as: Components.Schemas.Workout.self)
            let id = try #require(kept.id.flatMap(UUID.init(uuidString:)))
            // One connection: SQLite checks a new column against a connection's cached schema.
            try await app.db.withConnection { db in
                try await AddWorkoutExerciseCount().revert(on: db)
                try await AddWorkoutExerciseCount().prepare(on: db)
                let count = try await db.sql().select().column("exercise_count").from(WorkoutRecord.schema)
                    .where("id", .equal, id).first(decoding: [String: Int].self)
                #expect(count?["exercise_count"] == kept.exercises.count && kept.exercises.count > 1)
            }
            let list = try await app.json(.GET, "/api/v1/workouts", token: account.token)
                .decoded(as: Operations.ListWorkouts.Output.Ok.Body.JsonPayload.self)
            #expect(list.saved.map(\.exerciseCount) == [kept.exercises.count])
        }
    }
}
