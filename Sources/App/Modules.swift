import Fluent
import Foundation

/// Kinetic's modules, in the order their migrations run and the menu lists them: the one place
/// that names them all (``KineticModule``).
enum KineticModules {
    static let all: [any KineticModule.Type] = [
        AccountModule.self, NotificationsModule.self, GoalsModule.self, StepsModule.self, WorkoutsModule.self, ReportsModule.self,
        WishesModule.self,
    ]

    /// Every module's system programs, for the banner `serve` prints.
    static var systemTools: [SystemTool] { all.flatMap { $0.systemTools } }

    /// Tells every module that an account confirmed `email` (``KineticModule/addressConfirmed(_:on:now:)``).
    static func addressConfirmed(_ email: String, on database: any Database, now: Date) async throws {
        for module in all { try await module.addressConfirmed(email, on: database, now: now) }
    }

    /// The bytes of files `userID` keeps in every module (``KineticModule/storedBytes(of:on:)``).
    static func storedBytes(of userID: UUID, on database: any Database) async throws -> Int {
        var total = 0
        for module in all {
            total = total.addingReportingOverflow(max(0, try await module.storedBytes(of: userID, on: database))).partialValue
        }
        return total
    }
}
