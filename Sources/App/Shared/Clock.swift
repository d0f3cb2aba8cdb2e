import Foundation
import KineticCore
import Vapor

/// Where Kinetic reads the current instant. Every part of the app asks this clock, never
/// `Date()`, so that tests can pin time and move it forward.
public struct KineticClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that answers `read()` each time it is asked.
    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The system's clock.
    public static let system = KineticClock { Date() }

    /// The current instant.
    public var now: Date { read() }
}

/// "Today" and "this month" in a time zone: the user's, or where Kinetic runs (`TZ`).
struct GoalsClock: Sendable {
    let timeZone: TimeZone
    let now: Date

    var today: LocalDate { LocalDate(containing: now, in: timeZone) }
    var currentMonth: Month { Month(today) }
}

extension Application {
    /// The current instant from the configured clock.
    var now: Date { kineticConfiguration.clock.now }

    /// "Today" and "this month" at this instant, in the server's time zone.
    var goalsClock: GoalsClock {
        GoalsClock(timeZone: kineticConfiguration.timeZone, now: now)
    }

    /// "Today" and "this month" at this instant for `user`: in their time zone, else the server's.
    func goalsClock(for user: User?) -> GoalsClock {
        GoalsClock(timeZone: user?.timeZone ?? kineticConfiguration.timeZone, now: now)
    }
}

extension Request {
    /// The current instant from the configured clock.
    var now: Date { application.now }

    /// "Today" and "this month" for the signed-in user (their time zone), else the server's.
    var goalsClock: GoalsClock { application.goalsClock(for: auth.get(User.self)) }
}
