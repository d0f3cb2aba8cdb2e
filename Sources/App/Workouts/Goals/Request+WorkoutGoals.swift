import Foundation
import KineticCore
import Vapor

/// A workout goal with how far it has come.
struct WorkoutGoalStatus {
    let record: WorkoutGoalRecord
    let goal: WorkoutGoal
    let progress: WorkoutGoalProgress
}

extension Request {
    func workoutGoals() throws -> WorkoutGoalsRepository {
        WorkoutGoalsRepository(database: db, userID: try requireUser().requireID())
    }

    /// The goal named by the `goalId` parameter, if it is the user's; 404 otherwise.
    func ownedWorkoutGoal() async throws -> WorkoutGoalRecord {
        guard let goal = try await workoutGoals().find(parameters.get("goalId") ?? "") else { throw AppError.notFound }
        return goal
    }

    /// The first day of the week where the user's language is spoken (Sunday in English,
    /// Monday in German).
    var firstWeekday: Weekday {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = localizer.locale
        return Weekday(calendarNumber: calendar.firstWeekday) ?? .monday
    }

    /// `records` with their progress this week and in all, from the completed workouts.
    func statuses(of records: [WorkoutGoalRecord]) async throws -> [WorkoutGoalStatus] {
        guard let earliest = records.map(\.createdAt).min() else { return [] }
        let clock = userCalendar
        // A day early: the goal counts from the start of its local day (Core filters by day).
        let workouts = try await completedWorkouts(since: earliest.addingTimeInterval(-86_400))
        return try records.map { record in
            let goal = try record.goal
            let progress = WorkoutGoalProgress(
                goal: goal, since: LocalDate(containing: record.createdAt, in: clock.timeZone), workouts: workouts,
                today: clock.today, firstWeekday: firstWeekday
            )
            return WorkoutGoalStatus(record: record, goal: goal, progress: progress)
        }
    }
}

extension Request {
    /// One line per goal whose reminder is due today, e.g. "Jump more: 1 of 3 days this week".
    func goalReminders() async throws -> [String] {
        let l = localizer
        return try await statuses(of: workoutGoals().all()).filter(\.progress.reminderDue).map { status in
            l.t("workoutGoals.reminderLine", status.goal.name, l.number(status.progress.daysThisWeek), l.number(status.goal.daysPerWeek))
        }
    }
}
