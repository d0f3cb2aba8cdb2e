import Fluent
import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

@Suite struct WorkoutGoalsAPITests {
    private let jumps: [String: Any] = ["categories": ["plyometrics"], "equipment": ["other"], "difficulty": "beginner", "duration": 20]

    /// Keeps a generated workout and answers its id.
    private func keptWorkout(_ app: Application, token: String) async throws -> String {
        try await keptWorkoutAndWork(app, token: token).id
    }

    /// A kept workout and its planned exercise seconds (what a whole playing works).
    private func keptWorkoutAndWork(_ app: Application, token: String) async throws -> (id: String, work: Int) {
        let response = try await app.json(.POST, "/api/v1/workouts", body: jumps.merging(["saved": true, "seed": 3]) { $1 }, token: token)
        try #require(response.status == .created, "\(response.body.string)")
        let workout = try response.decoded(as: Components.Schemas.Workout.self)
        return (try #require(workout.id), workout.exercises.reduce(0) { $0 + $1.seconds })
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
            let goal = try legs.decoded(as: Components.Schemas.WorkoutGoal.self)
            let goalID = goal.id
            // Raw on purpose: the time as written (whole seconds, `Z`), which the decoded `Date` does not keep.
            #expect(try legs.jsonObject()["createdAt"] as? String == "2027-01-15T08:00:00Z")
            #expect(goal.progress.reminderDue == true, "a reminder day with nothing done")
            _ = try await app.json(
                .POST, "/api/v1/workout-goals", body: ["name": "Arms", "times": 5, "categories": ["strength"], "daysPerWeek": 2],
                token: token)

            let (workoutID, work) = try await keptWorkoutAndWork(app, token: token)
            _ = try await app.json(
                .PUT, "/api/v1/workouts/\(workoutID)/progress", body: ["exerciseIndex": 1, "secondsLeft": 10], token: token)
            let finished = try await app.json(
                .POST, "/api/v1/workouts/\(workoutID)/completions", body: ["workedSeconds": work], token: token)
            #expect(finished.status == .created, "\(finished.body.string)")
            let completion = try finished.decoded(as: Components.Schemas.CompletedWorkout.self)
            let exercises = completion.exercises
            #expect(!exercises.isEmpty && exercises.allSatisfy { $0.tracked == false })
            #expect(
                try await app.json(.POST, "/api/v1/workouts/\(workoutID)/completions", token: token)
                    .decoded(as: Components.Schemas.CompletedWorkout.self).id == completion.id, "a repeat is the same completion")
            let workout = try await app.json(.GET, "/api/v1/workouts/\(workoutID)", token: token)
            // Raw on purpose: `progress` is sent as null, not left out; the decoded optional reads both as nil.
            #expect(try workout.jsonObject()["progress"] is NSNull, "no longer in progress")

            let goals = try await app.json(.GET, "/api/v1/workout-goals", token: token).decoded(as: [Components.Schemas.WorkoutGoal].self)
            let progress = Dictionary(uniqueKeysWithValues: goals.map { ($0.name, $0.progress) })
            #expect(progress["Jump more"]?.total == 1 && progress["Jump more"]?.daysThisWeek == 1)
            #expect(progress["Jump more"]?.reminderDue == false, "done today")
            #expect(progress["Arms"]?.total == 0, "a plyometrics workout is not a strength one")

            // Tracking an exercise sets the bit on every row of it: a later workout row inherits it.
            let exerciseID = try #require(exercises.first { $0.exercise.category != "stretching" }?.exercise.id, "a stretch is not tracked")
            #expect(
                try await app.json(.PUT, "/api/v1/tracked-exercises/\(exerciseID)", body: ["tracked": true], token: token).status == .ok)
            clock.advance(by: 3_600)
            let again = try await app.json(.POST, "/api/v1/workouts/\(workoutID)/completions", body: ["workedSeconds": work], token: token)
                .decoded(as: Components.Schemas.CompletedWorkout.self)
            let tracked = again.exercises.filter { $0.tracked == true }
            #expect(tracked.map(\.exercise.id) == [exerciseID])
            let rows = try await ExerciseResultRecord.query(on: app.db).filter(\.$exerciseID == exerciseID).all()
            #expect(rows.count == 2 && rows.allSatisfy { $0.tracked })
            _ = try await app.json(.PUT, "/api/v1/tracked-exercises/\(exerciseID)", body: ["tracked": false], token: token)
            #expect(try await ExerciseResultRecord.query(on: app.db).filter(\.$exerciseID == exerciseID).all().allSatisfy { !$0.tracked })

            let edited = try await app.json(
                .PUT, "/api/v1/workout-goals/\(goalID)", body: ["name": "Jump", "times": 2, "daysPerWeek": 1], token: token)
            #expect(edited.status == .ok)
            let editedGoal = try edited.decoded(as: Components.Schemas.WorkoutGoal.self)
            #expect(editedGoal.name == "Jump" && editedGoal.progress.reached == true)
            #expect(try await app.json(.DELETE, "/api/v1/workout-goals/\(goalID)", token: token).status == .noContent)
            let remaining = try await app.json(.GET, "/api/v1/workout-goals", token: token)
                .decoded(as: [Components.Schemas.WorkoutGoal].self)
            #expect(remaining.count == 1)
        }
    }

    /// A workout counts when at least half its exercise time was worked: skipping through it
    /// does not, and a complete 10-minute workout counts for a goal of 10 minutes a workout.
    @Test func aSkippedThroughWorkout_doesNotCount_andATenMinuteOneCountsForATenMinuteGoal() async throws {
        try await withKinetic { app in
            let token = try await app.signUp().token
            let goal = try await app.json(
                .POST, "/api/v1/workout-goals", body: ["name": "Ten", "times": 5, "minutes": 10, "daysPerWeek": 1], token: token
            ).decoded(as: Components.Schemas.WorkoutGoal.self)
            let goalID = goal.id
            let created = try await app.json(
                .POST, "/api/v1/workouts", body: jumps.merging(["saved": true, "duration": 10]) { $1 }, token: token)
            let workout = try created.decoded(as: Components.Schemas.Workout.self)
            let workoutID = try #require(workout.id)
            #expect(workout.totalSeconds == 600)
            let exercises = workout.exercises
            let work = exercises.reduce(0) { $0 + $1.seconds }

            let skipped = try await app.json(
                .POST, "/api/v1/workouts/\(workoutID)/completions",
                body: ["runId": UUID().uuidString, "workedSeconds": 8, "skipped": exercises.count], token: token
            ).decoded(as: Components.Schemas.CompletedWorkout.self)
            #expect(skipped.counts == false && skipped.workedSeconds == 8)
            var progress = try await app.json(.GET, "/api/v1/workout-goals/\(goalID)", token: token)
                .decoded(as: Components.Schemas.WorkoutGoal.self).progress
            #expect(progress.total == 0, "skipped through: not counted")

            let half = try await app.json(
                .POST, "/api/v1/workouts/\(workoutID)/completions",
                body: ["runId": UUID().uuidString, "workedSeconds": work / 2, "skipped": 0], token: token
            ).decoded(as: Components.Schemas.CompletedWorkout.self)
            #expect(half.counts == true && half.seconds == 600)
            progress = try await app.json(.GET, "/api/v1/workout-goals/\(goalID)", token: token)
                .decoded(as: Components.Schemas.WorkoutGoal.self).progress
            #expect(progress.total == 1, "half of it done, ten minutes long: it counts for ten minutes a workout")

            let bad = try await app.json(
                .POST, "/api/v1/workouts/\(workoutID)/completions", body: ["workedSeconds": -1, "skipped": "all"], token: token)
            #expect(bad.status == .unprocessableEntity)
            let badFields = try bad.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties ?? [:]
            #expect(Set(badFields.keys) == ["workedSeconds", "skipped"])
        }
    }

    @Test func badGoals_are422_andAnotherUsersGoals_areNeverSeen() async throws {
        try await withKinetic { app in
            let owner = try await app.signUp().token, other = try await app.signUp().token
            let bad = try await app.json(
                .POST, "/api/v1/workout-goals", body: ["name": "", "times": 0, "daysPerWeek": 9, "muscles": ["wings"]], token: owner)
            #expect(bad.status == .unprocessableEntity)
            let fields = try #require(try bad.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties)
            #expect(Set(fields.keys) == ["name", "times", "daysPerWeek", "muscles[0]"])
            let goal = try await app.json(
                .POST, "/api/v1/workout-goals", body: ["name": "Mine", "times": 3, "daysPerWeek": 1], token: owner
            ).decoded(as: Components.Schemas.WorkoutGoal.self)
            let id = goal.id
            #expect(try await app.json(.GET, "/api/v1/workout-goals/\(id)", token: other).status == .notFound)
            #expect(
                try await app.json(
                    .PUT, "/api/v1/workout-goals/\(id)", body: ["name": "Theirs", "times": 3, "daysPerWeek": 1], token: other
                ).status == .notFound)
            #expect(try await app.json(.DELETE, "/api/v1/workout-goals/\(id)", token: other).status == .notFound)
            #expect(
                try await app.json(.GET, "/api/v1/workout-goals", token: other).decoded(as: [Components.Schemas.WorkoutGoal].self).isEmpty)
            let workoutID = try await keptWorkout(app, token: owner)
            #expect(try await app.json(.POST, "/api/v1/workouts/\(workoutID)/completions", token: other).status == .notFound)
        }
    }

    /// A retried "finished" of one run counts once, however late and however many at once; a
    /// new run of the same workout counts again.
    @Test func completions_areIdempotentPerRun() async throws {
        try await withKinetic { app in
            let token = try await app.signUp().token
            let (workoutID, work) = try await keptWorkoutAndWork(app, token: token)
            let run = UUID().uuidString
            let statuses = try await withThrowingTaskGroup(of: (HTTPStatus, String?).self) { group in
                for _ in 0..<5 {
                    group.addTask {
                        let response = try await app.json(
                            .POST, "/api/v1/workouts/\(workoutID)/completions", body: ["runId": run, "workedSeconds": work], token: token)
                        return (response.status, try? response.decoded(as: Components.Schemas.CompletedWorkout.self).id)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0.0 == .created }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0.0 == .ok }.count == 4)
            #expect(Set(statuses.compactMap(\.1)).count == 1)
            #expect(try await CompletedWorkoutRecord.query(on: app.db).count() == 1)

            let next = try await app.json(
                .POST, "/api/v1/workouts/\(workoutID)/completions", body: ["runId": UUID().uuidString, "workedSeconds": work], token: token)
            #expect(next.status == .created)
            #expect(try await CompletedWorkoutRecord.query(on: app.db).count() == 2)

            let otherWorkout = try await keptWorkout(app, token: token)
            let reused = try await app.json(
                .POST, "/api/v1/workouts/\(otherWorkout)/completions", body: ["runId": run, "workedSeconds": work], token: token)
            #expect(reused.status == .conflict)
            let bad = try await app.json(.POST, "/api/v1/workouts/\(workoutID)/completions", body: ["runId": "not-a-uuid"], token: token)
            #expect(bad.status == .unprocessableEntity)
            #expect(try await CompletedWorkoutRecord.query(on: app.db).count() == 2)
        }
    }
}
