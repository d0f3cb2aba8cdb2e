import Fluent
import KineticCore
import Vapor

extension GoalsModule {
    static func migrations(_ configuration: KineticConfiguration) -> [any Migration] {
        [
            CreateJumpSessions(), CreateMonthlyGoals(), CreateJumpMonthTotals(), AddJumpSessionNaturalKey(), CreateGoalHistorySnapshots(),
            CreateJumpPauses(), CreateParks(),
        ]
    }

    static let menuItem: SideMenu.Item? = SideMenu.Item(
        icon: .goals, titleKey: "nav.goals", url: .module(.goals), summaryKey: "welcome.goals", isShortcut: true)

    /// Ten months of goals and visits; the account dates from the first of them and its fitness
    /// settings carry this month's goals.
    static func seedDemo(for account: DemoAccount, on database: any Database) async throws {
        let calendar = account.calendar
        let goals = DemoGoalsData.goals(current: calendar.currentMonth)
        guard let current = MonthGoals.inForce(in: calendar.currentMonth, setGoals: goals),
            let user = try await User.find(account.userID, on: database)
        else { return }
        user.fitness.jumpGoal = current.jumpGoal
        user.fitness.calorieGoal = current.calorieGoal
        user.createdAt = goals.keys.min().map { LocalDate(year: $0.year, month: $0.month, day: 1)!.noon(in: calendar.timeZone) }
        try await user.save(on: database)
        let repository = GoalsRepository(database: database, userID: account.userID)
        for (month, monthGoals) in goals { try await repository.setGoals(monthGoals, for: month) }
        for session in DemoGoalsData.sessions(today: calendar.today, fitness: user.fitness) {
            _ = try await repository.add(session, fitness: user.fitness)
        }
    }
}
