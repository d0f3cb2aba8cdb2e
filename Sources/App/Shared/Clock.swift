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

/// "Today" and "this month" where Kinetic runs (the server's time zone, `TZ`).
struct GoalsClock: Sendable {
    let timeZone: TimeZone
    let now: Date

    var today: LocalDate { LocalDate(containing: now, in: timeZone) }
    var currentMonth: Month { Month(today) }
}

extension Application {
    /// The current instant from the configured clock.
    var now: Date { kineticConfiguration.clock.now }

    /// "Today" and "this month" at this instant.
    var goalsClock: GoalsClock {
        GoalsClock(timeZone: kineticConfiguration.timeZone, now: now)
    }
}

extension Request {
    /// The current instant from the configured clock.
    var now: Date { application.now }

    /// The clock for this request.
    var goalsClock: GoalsClock { application.goalsClock }
}
