/// Builds the goals array: one element per month the user has been active, newest first.
public enum GoalHistory {
    /// The first month that belongs in the history: the earliest of the account's first month,
    /// the first month a goal was set and the first month with a session.
    public static func firstActiveMonth(accountCreated: Month, setGoals: [Month: MonthGoals], sessionMonths: [Month]) -> Month {
        ([accountCreated] + Array(setGoals.keys) + sessionMonths).min()!
    }

    /// The summaries of every month from `first` to `current`, newest first.
    public static func summaries(
        from first: Month,
        through current: Month,
        setGoals: [Month: MonthGoals],
        totals: [Month: MonthTotals]
    ) -> [MonthSummary] {
        Month.range(from: first, through: current).reversed().map { month in
            summary(for: month, goals: MonthGoals.inForce(in: month, setGoals: setGoals), totals: totals[month] ?? MonthTotals())
        }
    }

    /// The summary of one month.
    public static func summary(for month: Month, goals: MonthGoals?, totals: MonthTotals) -> MonthSummary {
        MonthSummary(
            month: month,
            jump: goals.map { .init(goal: $0.jumpGoal, currentProgress: totals.jumps) },
            calorie: goals.flatMap { $0.calorieGoal > 0 ? .init(goal: $0.calorieGoal, currentProgress: totals.calories) : nil },
            lastSession: totals.lastSession,
            totalJumps: totals.jumps,
            totalCalories: totals.calories
        )
    }

    /// Totals by month from a list of sessions.
    public static func totals(of sessions: [JumpSession]) -> [Month: MonthTotals] {
        var totals: [Month: MonthTotals] = [:]
        for session in sessions { totals[Month(session.date), default: MonthTotals()].add(session) }
        return totals
    }
}
