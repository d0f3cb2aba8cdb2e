import Foundation
import KineticCore
import Vapor

/// A workout goal with how far it has come.
struct WorkoutGoalStatus {
    let record: WorkoutGoalRecord
    let goal: WorkoutGoal
    let progress: WorkoutGoalProgress
}

extension WorkoutsService {
    /// `records` with their progress this week and in all, from the completed workouts.
    func statuses(of records: [WorkoutGoalRecord]) async throws -> [WorkoutGoalStatus] {
        guard let earliest = records.map(\.createdAt).min() else { return [] }
        let clock = calendar
        // A day early: the goal counts from the start of its local day (Core filters by day).
        let workouts = try await completedWorkouts(since: earliest.addingTimeInterval(-86_400))
        return try records.map { record in
            let goal = try record.goal
            let progress = WorkoutGoalProgress(
                goal: goal, since: LocalDate(containing: record.createdAt, in: clock.timeZone), workouts: workouts,
                today: clock.today, firstWeekday: localizer.firstWeekday
            )
            return WorkoutGoalStatus(record: record, goal: goal, progress: progress)
        }
    }
}

extension WorkoutsService {
    /// One line per goal whose reminder is due today, e.g. "Jump more: 1 of 3 days this week".
    func goalReminders() async throws -> [String] {
        let l = localizer
        return try await statuses(of: workoutGoals.all()).filter(\.progress.reminderDue).map { status in
            l.t("workoutGoals.reminderLine", status.goal.name, l.number(status.progress.daysThisWeek), l.number(status.goal.daysPerWeek))
        }
    }
}

extension Localizer {
    /// The first day of the week where this language is spoken (Sunday in English, Monday in
    /// German).
    var firstWeekday: Weekday {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        return Weekday(calendarNumber: calendar.firstWeekday) ?? .monday
    }
}
