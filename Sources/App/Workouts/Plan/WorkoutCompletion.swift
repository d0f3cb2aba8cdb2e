import Fluent
import Foundation
import KineticCore
import Vapor

extension Request {
    /// How soon a second "finished" of the same workout counts as the same one (a repeated
    /// request, a reloaded page).
    static let repeatedCompletionWindow: TimeInterval = 120

    /// Records that `workout` was played to the end, in one transaction: a completed workout
    /// (what workout goals count), a row per exercise it had (so each can be tracked), and no
    /// more progress. A repeat within ``repeatedCompletionWindow`` answers the first.
    func complete(_ workout: WorkoutRecord) async throws -> CompletedWorkoutRecord {
        let userID = try requireUser().requireID()
        let workoutID = try workout.requireID()
        if let recent = try await CompletedWorkoutRecord.query(on: db).filter(\.$user.$id == userID).filter(\.$workout.$id == workoutID)
            .filter(\.$completedAt > now.addingTimeInterval(-Self.repeatedCompletionWindow)).first() {
            return recent
        }
        let plan = try workout.decodedPlan()
        let exercises = plan.steps.compactMap { application.exerciseCatalogue.exercise(id: $0.exerciseID) }
        let worked = CompletedWorkout.worked(by: exercises)
        let now = now
        let completion = CompletedWorkoutRecord()
        completion.$user.id = userID
        completion.$workout.id = workoutID
        completion.categories = try Self.jsonList(Exercise.Category.allCases.filter(worked.categories.contains).map(\.rawValue))
        completion.muscles = try Self.jsonList(Exercise.Muscle.allCases.filter(worked.muscles.contains).map(\.rawValue))
        completion.seconds = plan.totalSeconds
        completion.completedAt = now
        try await db.transaction { transaction in
            try await completion.create(on: transaction)
            let results = ExerciseResultsRepository(database: transaction, userID: userID)
            var seen = Set<String>()
            for exercise in exercises where seen.insert(exercise.id).inserted {
                let row = try await results.newRow(exercise.id, source: .workout, at: now)
                row.$completedWorkout.id = try completion.requireID()
                try await row.create(on: transaction)
            }
            workout.forgetProgress()
            try await workout.save(on: transaction)
        }
        return completion
    }

    /// The user's completed workouts since `start`, on their local days.
    func completedWorkouts(since start: Date) async throws -> [CompletedWorkout] {
        let timeZone = goalsClock.timeZone
        return try await CompletedWorkoutRecord.query(on: db).filter(\.$user.$id == requireUser().requireID())
            .filter(\.$completedAt >= start).all().map { $0.completed(in: timeZone) }
    }

    private static func jsonList(_ names: [String]) throws -> String {
        String(decoding: try JSONEncoder.sorted.encode(names), as: UTF8.self)
    }
}

extension CompletedWorkoutRecord {
    /// What it worked, on its local day in `timeZone`.
    func completed(in timeZone: TimeZone) -> CompletedWorkout {
        let decode = { (text: String) in (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? [] }
        return CompletedWorkout(
            day: LocalDate(containing: completedAt, in: timeZone),
            categories: Set(decode(categories).compactMap(Exercise.Category.init(rawValue:))),
            muscles: Set(decode(muscles).compactMap(Exercise.Muscle.init(rawValue:))),
            seconds: seconds
        )
    }
}
