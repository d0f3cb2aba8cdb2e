import Fluent
import Foundation
import KineticCore

/// Loads a user's goal history: every month from their first active month to the current one.
struct GoalHistoryLoader {
    let database: Database
    let clock: UserCalendar

    struct History {
        let first: Month
        let current: Month
        /// Newest first.
        let summaries: [MonthSummary]

        func summary(for month: Month) -> MonthSummary? { summaries.first { $0.month == month } }
    }

    func load(for user: User) async throws -> History {
        let repository = GoalsRepository(database: database, userID: try user.requireID())
        async let goalsLoad = repository.setGoals()
        async let totalsLoad = repository.monthTotals()
        var goals = try await goalsLoad
        let totals = try await totalsLoad
        let current = clock.currentMonth
        let created = user.createdAt.map { Month(containing: $0, in: clock.timeZone) } ?? current
        if goals.isEmpty {
            // Accounts always have goals from their first month; this only covers rows written by hand.
            goals[created] = MonthGoals(jumpGoal: user.jumpGoal, calorieGoal: user.calorieGoal)
        }
        let first = min(GoalHistory.firstActiveMonth(accountCreated: created, setGoals: goals, sessionMonths: Array(totals.keys)), current)
        let summaries = GoalHistory.summaries(from: first, through: current, setGoals: goals, totals: totals)
        return History(first: first, current: current, summaries: summaries)
    }
}
