import Foundation
import KineticCore
import Vapor

/// "Today" and "this month" where Kinetic runs (the server's time zone, `TZ`).
struct GoalsClock: Sendable {
    let timeZone: TimeZone
    let now: Date

    var today: LocalDate { LocalDate(containing: now, in: timeZone) }
    var currentMonth: Month { Month(today) }
}

extension Request {
    /// The clock for this request.
    var goalsClock: GoalsClock {
        GoalsClock(timeZone: application.kineticConfiguration.timeZone, now: Date())
    }
}
