import Foundation
import KineticCore
import Vapor

/// A workout goal as the API returns it, with its progress: `total` of `times` workouts that
/// count, `daysThisWeek` of `daysPerWeek`, and whether today's reminder is due.
struct WorkoutGoalDTO: Content {
    struct Progress: Content {
        let total: Int
        let daysThisWeek: Int
        let reached: Bool
        let reminderDue: Bool
    }

    let id: UUID
    let name: String
    let description: String
    let times: Int
    let categories: [String]
    let muscles: [String]
    @NullEncoded var minutes: Int?
    let daysPerWeek: Int
    let reminderDays: [String]
    let createdAt: String
    let progress: Progress

    init(_ status: WorkoutGoalStatus) throws {
        let goal = status.goal
        id = try status.record.requireID()
        name = goal.name
        description = goal.description
        times = goal.times
        categories = Exercise.Category.allCases.filter(goal.categories.contains).map(\.rawValue)
        muscles = Exercise.Muscle.allCases.filter(goal.muscles.contains).map(\.rawValue)
        minutes = goal.minutes
        daysPerWeek = goal.daysPerWeek
        reminderDays = Weekday.allCases.filter(goal.reminderDays.contains).map(\.rawValue)
        createdAt = status.record.createdAt.formatted(.iso8601)
        progress = Progress(
            total: status.progress.total, daysThisWeek: status.progress.daysThisWeek,
            reached: status.progress.isReached, reminderDue: status.progress.reminderDue
        )
    }
}

/// A workout played to the end (`POST /api/v1/workouts/{workoutId}/completions`), with its
/// exercises and whether each is tracked.
struct CompletedWorkoutDTO: Content {
    let id: UUID
    @NullEncoded var workoutId: UUID?
    let completedAt: String
    /// The workout's planned length, warm-up and rests included.
    let seconds: Int
    /// Exercise seconds worked and planned, and exercises skipped; null on completions from
    /// before they were recorded.
    @NullEncoded var workedSeconds: Int?
    @NullEncoded var plannedWorkSeconds: Int?
    @NullEncoded var skipped: Int?
    /// At least half the planned exercise time was worked: it counts for workout goals.
    let counts: Bool
    let categories: [String]
    let muscles: [String]
    let exercises: [TrackedExerciseDTO]
}
