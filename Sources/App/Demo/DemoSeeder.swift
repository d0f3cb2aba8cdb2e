import Fluent
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
        let fitness = FitnessSettings(bodyType: .medium, height: 70, jumpGoal: 30_000, calorieGoal: 4_800)
        try await User(name: "Alex Morgan", email: email, passwordHash: hash, fitness: fitness).create(on: app.db)
        return password
    }
}
