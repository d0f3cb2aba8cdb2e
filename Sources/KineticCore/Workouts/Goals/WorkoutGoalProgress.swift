/// How far a ``WorkoutGoal`` has come, from the completed workouts since it was set:
/// - `total`: the workouts that count, of ``WorkoutGoal/times``;
/// - `daysThisWeek`: the days of the current week (starting on the user's first weekday) with
///   at least one workout that counts, of ``WorkoutGoal/daysPerWeek``;
/// - `reminderDue`: today is a reminder day, nothing that counts was done today, and neither
///   the week's days nor the goal are reached yet.
public struct WorkoutGoalProgress: Equatable, Sendable {
    public let total: Int
    public let daysThisWeek: Int
    public let reminderDue: Bool

    public var isReached: Bool { total >= goalTimes }
    public let goalTimes: Int

    public init(goal: WorkoutGoal, since start: LocalDate, workouts: [CompletedWorkout], today: LocalDate, firstWeekday: Weekday) {
        let counting = workouts.filter { $0.day >= start && $0.day <= today && goal.counts($0) }
        let weekOffset = Weekday.week(startingOn: firstWeekday).firstIndex(of: Weekday(today))!
        let weekStart = today.daysSince1970 - weekOffset
        let days = Set(counting.map(\.day.daysSince1970).filter { $0 >= weekStart })
        total = counting.count
        goalTimes = goal.times
        daysThisWeek = days.count
        reminderDue =
            goal.reminderDays.contains(Weekday(today)) && !days.contains(today.daysSince1970)
            && days.count < goal.daysPerWeek && counting.count < goal.times
    }
}
