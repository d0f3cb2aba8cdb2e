import Fluent
import Foundation
import Testing
import VaporTesting

@testable import App

@Suite struct WorkoutGoalsAPITests {
    private let jumps: [String: Any] = ["categories": ["plyometrics"], "equipment": ["other"], "difficulty": "beginner", "duration": 20]

    /// Keeps a generated workout and answers its id.
    private func keptWorkout(_ app: Application, token: String) async throws -> String {
        let response = try await app.json(.POST, "/api/v1/workouts", body: jumps.merging(["saved": true, "seed": 3]) { $1 }, token: token)
        try #require(response.status == .created, "\(response.body.string)")
        return try #require(try response.jsonObject()["id"] as? String)
    }

    @Test func aFinishedWorkout_countsTowardsTheGoalsItMatches_andItsExercisesCanBeTracked() async throws {
        let clock = TestClock(testNow) // Friday 2027-01-15
        try await withKinetic(clock: clock) { app in
            let token = try await app.signUp().token
            let legs = try await app.json(
                .POST, "/api/v1/workout-goals",
                body: [
                    "name": "Jump more", "description": "Three times a week", "times": 10, "categories": ["plyometrics"],
                    "minutes": 15, "daysPerWeek": 3, "reminderDays": ["friday"],
                ], token: token)
            #expect(legs.status == .created, "\(legs.body.string)")
            let goal = try legs.jsonObject()
            let goalID = try #require(goal["id"] as? String)
            #expect(goal["createdAt"] as? String == "2027-01-15T08:00:00Z")
            #expect((goal["progress"] as? [String: Any])?["reminderDue"] as? Bool == true, "a reminder day with nothing done")
            _ = try await app.json(
                .POST, "/api/v1/workout-goals", body: ["name": "Arms", "times": 5, "categories": ["strength"], "daysPerWeek": 2],
                token: token)

            let workoutID = try await keptWorkout(app, token: token)
            _ = try await app.json(
                .PUT, "/api/v1/workouts/\(workoutID)/progress", body: ["exerciseIndex": 1, "secondsLeft": 10], token: token)
            let finished = try await app.json(.POST, "/api/v1/workouts/\(workoutID)/completions", token: token)
            #expect(finished.status == .created, "\(finished.body.string)")
            let completion = try finished.jsonObject()
            let exercises = try #require(completion["exercises"] as? [[String: Any]])
            #expect(!exercises.isEmpty && exercises.allSatisfy { $0["tracked"] as? Bool == false })
            #expect(
                try await app.json(.POST, "/api/v1/workouts/\(workoutID)/completions", token: token).jsonObject()["id"] as? String
                    == completion["id"] as? String, "a repeat is the same completion")
            let workout = try await app.json(.GET, "/api/v1/workouts/\(workoutID)", token: token).jsonObject()
            #expect(workout["progress"] is NSNull, "no longer in progress")

            let goals = try await app.json(.GET, "/api/v1/workout-goals", token: token).jsonArray()
            let progress = Dictionary(
                uniqueKeysWithValues: goals.map { ($0["name"] as? String ?? "", $0["progress"] as? [String: Any] ?? [:]) })
            #expect(progress["Jump more"]?["total"] as? Int == 1 && progress["Jump more"]?["daysThisWeek"] as? Int == 1)
            #expect(progress["Jump more"]?["reminderDue"] as? Bool == false, "done today")
            #expect(progress["Arms"]?["total"] as? Int == 0, "a plyometrics workout is not a strength one")

            // Tracking an exercise sets the bit on every row of it: a later workout row inherits it.
            let exerciseID = try #require((exercises.first?["exercise"] as? [String: Any])?["id"] as? String)
            #expect(
                try await app.json(.PUT, "/api/v1/tracked-exercises/\(exerciseID)", body: ["tracked": true], token: token).status == .ok)
            clock.advance(by: 3_600)
            let again = try await app.json(.POST, "/api/v1/workouts/\(workoutID)/completions", token: token).jsonObject()
            let tracked = (again["exercises"] as? [[String: Any]] ?? []).filter { $0["tracked"] as? Bool == true }
            #expect(tracked.compactMap { ($0["exercise"] as? [String: Any])?["id"] as? String } == [exerciseID])
            let rows = try await ExerciseResultRecord.query(on: app.db).filter(\.$exerciseID == exerciseID).all()
            #expect(rows.count == 2 && rows.allSatisfy { $0.tracked })
            _ = try await app.json(.PUT, "/api/v1/tracked-exercises/\(exerciseID)", body: ["tracked": false], token: token)
            #expect(try await ExerciseResultRecord.query(on: app.db).filter(\.$exerciseID == exerciseID).all().allSatisfy { !$0.tracked })

            let edited = try await app.json(
                .PUT, "/api/v1/workout-goals/\(goalID)", body: ["name": "Jump", "times": 2, "daysPerWeek": 1], token: token)
            #expect(edited.status == .ok)
            let editedGoal = try edited.jsonObject()
            #expect(editedGoal["name"] as? String == "Jump" && (editedGoal["progress"] as? [String: Any])?["reached"] as? Bool == true)
            #expect(try await app.json(.DELETE, "/api/v1/workout-goals/\(goalID)", token: token).status == .noContent)
            #expect(try await app.json(.GET, "/api/v1/workout-goals", token: token).jsonArray().count == 1)
        }
    }

    /// A workout counts when at least half its exercise time was worked: skipping through it
    /// does not, and a complete 10-minute workout counts for a goal of 10 minutes a workout.
    @Test func aSkippedThroughWorkout_doesNotCount_andATenMinuteOneCountsForATenMinuteGoal() async throws {
        try await withKinetic { app in
            let token = try await app.signUp().token
            let goal = try await app.json(
                .POST, "/api/v1/workout-goals", body: ["name": "Ten", "times": 5, "minutes": 10, "daysPerWeek": 1], token: token
            ).jsonObject()
            let goalID = try #require(goal["id"] as? String)
            let created = try await app.json(
                .POST, "/api/v1/workouts", body: jumps.merging(["saved": true, "duration": 10]) { $1 }, token: token)
            let workout = try created.jsonObject()
            let workoutID = try #require(workout["id"] as? String)
            #expect(workout["totalSeconds"] as? Int == 600)
            let exercises = try #require(workout["exercises"] as? [[String: Any]])
            let work = exercises.reduce(0) { $0 + ($1["seconds"] as? Int ?? 0) }

            let skipped = try await app.json(
                .POST, "/api/v1/workouts/\(workoutID)/completions",
                body: ["runId": UUID().uuidString, "workedSeconds": 8, "skipped": exercises.count], token: token
            ).jsonObject()
            #expect(skipped["counts"] as? Bool == false && skipped["workedSeconds"] as? Int == 8)
            var progress =
                try await app.json(.GET, "/api/v1/workout-goals/\(goalID)", token: token).jsonObject()["progress"] as? [String: Any]
            #expect(progress?["total"] as? Int == 0, "skipped through: not counted")

            let half = try await app.json(
                .POST, "/api/v1/workouts/\(workoutID)/completions",
                body: ["runId": UUID().uuidString, "workedSeconds": work / 2, "skipped": 0], token: token
            ).jsonObject()
            #expect(half["counts"] as? Bool == true && half["seconds"] as? Int == 600)
            progress = try await app.json(.GET, "/api/v1/workout-goals/\(goalID)", token: token).jsonObject()["progress"] as? [String: Any]
            #expect(progress?["total"] as? Int == 1, "half of it done, ten minutes long: it counts for ten minutes a workout")

            let bad = try await app.json(
                .POST, "/api/v1/workouts/\(workoutID)/completions", body: ["workedSeconds": -1, "skipped": "all"], token: token)
            #expect(bad.status == .unprocessableEntity)
            #expect(Set((try bad.apiError()["fields"] as? [String: String] ?? [:]).keys) == ["workedSeconds", "skipped"])
        }
    }

    @Test func badGoals_are422_andAnotherUsersGoals_areNeverSeen() async throws {
        try await withKinetic { app in
            let owner = try await app.signUp().token, other = try await app.signUp().token
            let bad = try await app.json(
                .POST, "/api/v1/workout-goals", body: ["name": "", "times": 0, "daysPerWeek": 9, "muscles": ["wings"]], token: owner)
            #expect(bad.status == .unprocessableEntity)
            let fields = try #require(try bad.apiError()["fields"] as? [String: String])
            #expect(Set(fields.keys) == ["name", "times", "daysPerWeek", "muscles[0]"])
            let goal = try await app.json(
                .POST, "/api/v1/workout-goals", body: ["name": "Mine", "times": 3, "daysPerWeek": 1], token: owner
            ).jsonObject()
            let id = try #require(goal["id"] as? String)
            #expect(try await app.json(.GET, "/api/v1/workout-goals/\(id)", token: other).status == .notFound)
            #expect(
                try await app.json(
                    .PUT, "/api/v1/workout-goals/\(id)", body: ["name": "Theirs", "times": 3, "daysPerWeek": 1], token: other
                ).status == .notFound)
            #expect(try await app.json(.DELETE, "/api/v1/workout-goals/\(id)", token: other).status == .notFound)
            #expect(try await app.json(.GET, "/api/v1/workout-goals", token: other).jsonArray().isEmpty)
            let workoutID = try await keptWorkout(app, token: owner)
            #expect(try await app.json(.POST, "/api/v1/workouts/\(workoutID)/completions", token: other).status == .notFound)
        }
    }

    /// A retried "finished" of one run counts once, however late and however many at once; a
    /// new run of the same workout counts again.
    @Test func completions_areIdempotentPerRun() async throws {
        try await withKinetic { app in
            let token = try await app.signUp().token
            let workoutID = try await keptWorkout(app, token: token)
            let run = UUID().uuidString
            let statuses = try await withThrowingTaskGroup(of: (HTTPStatus, String?).self) { group in
                for _ in 0..<5 {
                    group.addTask {
                        let response = try await app.json(
                            .POST, "/api/v1/workouts/\(workoutID)/completions", body: ["runId": run], token: token)
                        return (response.status, try? response.jsonObject()["id"] as? String)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0.0 == .created }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0.0 == .ok }.count == 4)
            #expect(Set(statuses.compactMap(\.1)).count == 1)
            #expect(try await CompletedWorkoutRecord.query(on: app.db).count() == 1)

            let next = try await app.json(
                .POST, "/api/v1/workouts/\(workoutID)/completions", body: ["runId": UUID().uuidString], token: token)
            #expect(next.status == .created)
            #expect(try await CompletedWorkoutRecord.query(on: app.db).count() == 2)

            let otherWorkout = try await keptWorkout(app, token: token)
            let reused = try await app.json(.POST, "/api/v1/workouts/\(otherWorkout)/completions", body: ["runId": run], token: token)
            #expect(reused.status == .conflict)
            let bad = try await app.json(.POST, "/api/v1/workouts/\(workoutID)/completions", body: ["runId": "not-a-uuid"], token: token)
            #expect(bad.status == .unprocessableEntity)
            #expect(try await CompletedWorkoutRecord.query(on: app.db).count() == 2)
        }
    }
}
