import Fluent
import Foundation
import KineticCore
import Vapor

/// Creates the demo account on an empty database so a newcomer can log in at once.
public enum DemoSeeder {
    /// The demo account's address.
    public static let email = "demo@kinetic.app"

    /// Creates the demo account when there are no accounts at all, and each module's data for
    /// it (``KineticModule/seedDemo(for:on:)``) in the same transaction. Returns the password to
    /// print, or nil when the database already had accounts.
    public static func seedIfEmpty(_ app: Application) async throws -> String? {
        // The instance's own accounts (a module's, such as the starter songs' owner) are no one's.
        guard try await User.query(on: app.db).filter(\.$email !~= User.systemAddressSuffix).count() == 0 else { return nil }
        let password = app.kineticConfiguration.demoPassword ?? SecretToken.generate().prefix(12).description
        let hash = try await app.password.async.hash(password)
        let calendar = app.userCalendar
        try await app.db.writeTransaction { database in
            let user = User(name: "Alex Morgan", email: email, passwordHash: hash, fitness: FitnessSettings(bodyType: .medium, height: 70))
            // The demo account administers the demo instance, so the report import can be tried.
            user.isAdmin = true
            // The demo stands for an account that confirmed its address, so every channel can be tried.
            user.emailVerifiedAt = calendar.now
            user.createdAt = calendar.now
            try await user.create(on: database)
            let account = DemoAccount(userID: try user.requireID(), calendar: calendar)
            for module in KineticModules.all { try await module.seedDemo(for: account, on: database) }
        }
        return password
    }
}
