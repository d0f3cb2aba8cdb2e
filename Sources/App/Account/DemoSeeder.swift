import Fluent
import Foundation
import KineticCore
import Vapor

/// Creates the demo account on an empty database so a newcomer can log in at once.
public enum DemoSeeder {
    /// The demo account's address.
    public static let email = "demo@kinetic.app"

    /// Creates the demo account when there are no accounts at all. Returns the password to print,
    /// or nil when the database already had accounts.
    public static func seedIfEmpty(_ app: Application) async throws -> String? {
        guard try await User.query(on: app.db).count() == 0 else { return nil }
        let password = app.kineticConfiguration.demoPassword ?? SecretToken.generate().prefix(12).description
        let hash = try await app.password.async.hash(password)
        let clock = app.userCalendar
        let goals = DemoGoalsData.goals(current: clock.currentMonth)
        let current = MonthGoals.inForce(in: clock.currentMonth, setGoals: goals)!
        let fitness = FitnessSettings(bodyType: .medium, height: 70, jumpGoal: current.jumpGoal, calorieGoal: current.calorieGoal)
        let sessions = DemoGoalsData.sessions(today: clock.today, fitness: fitness)
        try await app.db.transaction { database in
            let user = User(name: "Alex Morgan", email: email, passwordHash: hash, fitness: fitness)
            // The demo account administers the demo instance, so the report import can be tried.
            user.isAdmin = true
            // The demo stands for an account that confirmed its address, so every channel can be tried.
            user.emailVerifiedAt = clock.now
            // The account dates from the first demo month, so its history starts there.
            user.createdAt = goals.keys.min().map { LocalDate(year: $0.year, month: $0.month, day: 1)!.noon(in: clock.timeZone) }
            try await user.create(on: database)
            let repository = GoalsRepository(database: database, userID: try user.requireID())
            for (month, monthGoals) in goals { try await repository.setGoals(monthGoals, for: month) }
            for session in sessions { _ = try await repository.add(session, fitness: fitness) }
            try await seedSteps(for: try user.requireID(), now: clock.now, timeZone: clock.timeZone, on: database)
            try await WishesDemo.seed(for: try user.requireID(), now: clock.now, timeZone: clock.timeZone, on: database)
        }
        return password
    }

    private static func seedSteps(for userID: UUID, now: Date, timeZone: TimeZone, on database: Database) async throws {
        try await StepsRepository(database: database, userID: userID).add(DemoStepsData.samples(now: now, timeZone: timeZone))
    }
}
