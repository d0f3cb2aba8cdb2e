import Foundation
import KineticCore
import Vapor

/// Where Kinetic reads the current instant and waits for time to pass. Every part of the app
/// asks this clock, never `Date()` or `Task.sleep`, so that tests can pin time and move it
/// forward by hand: a test clock's sleepers wake when the test advances it, not when seconds
/// pass (the wish scheduler's poll is such a wait).
public struct KineticClock: Sendable {
    private let read: @Sendable () -> Date
    private let wait: @Sendable (TimeInterval) async throws -> Void

    /// A clock that answers `read()` each time it is asked and waits with `sleep`.
    public init(_ read: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (TimeInterval) async throws -> Void) {
        self.read = read
        self.wait = sleep
    }

    /// The system's clock: the wall clock, and waits of real time.
    public static let system = KineticClock({ Date() }, sleep: { seconds in try await Task.sleep(for: .seconds(seconds)) })

    /// The current instant.
    public var now: Date { read() }

    /// Returns once `seconds` have passed on this clock; throws `CancellationError` when the
    /// task is cancelled first.
    public func sleep(for seconds: TimeInterval) async throws {
        try await wait(seconds)
    }
}

/// A user's calendar at an instant: "today" and "this month" in their time zone (or, for
/// whoever chose none, where Kinetic runs: `TZ`). Every module's "today" comes from here.
struct UserCalendar: Sendable {
    let timeZone: TimeZone
    let now: Date

    var today: LocalDate { LocalDate(containing: now, in: timeZone) }
    var currentMonth: Month { Month(today) }
}

extension Application {
    /// The current instant from the configured clock.
    var now: Date { kineticConfiguration.clock.now }

    /// "Today" and "this month" at this instant, in the server's time zone.
    var userCalendar: UserCalendar {
        UserCalendar(timeZone: kineticConfiguration.timeZone, now: now)
    }

    /// "Today" and "this month" at this instant for `user`: in their time zone, else the server's.
    func userCalendar(for user: User?) -> UserCalendar {
        UserCalendar(timeZone: user?.timeZone ?? kineticConfiguration.timeZone, now: now)
    }
}

extension Request {
    /// The current instant from the configured clock.
    var now: Date { application.now }

    /// "Today" and "this month" for the signed-in user (their time zone), else the server's.
    var userCalendar: UserCalendar { application.userCalendar(for: auth.get(User.self)) }
}
