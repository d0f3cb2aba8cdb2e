import Foundation

/// When a yearly wish goes out: a day of the year (a birthday, an anniversary), a time on the
/// clock of a zone, every year.
///
/// Each year's instant is worked out in that zone for that year (``WishSendTime``), so 8:00 in
/// Berlin stays 8:00 whether the day falls in summer or winter time, a time in a skipped hour
/// moves forward, and a zone that changed its offset (Samoa skipped 30 December 2011) is read
/// with the offset it had that year. 29 February is kept in years without it on the day its
/// ``LeapDay`` rule names (``keptDay(month:day:in:leapDay:)``): 28 February, the day most
/// calendars show such birthdays on, or 1 March, the day after 28 February as some people
/// count it.
public struct YearlyRecurrence: Hashable, Sendable {
    /// Where 29 February goes in a year without it.
    public enum LeapDay: String, CaseIterable, Hashable, Sendable {
        /// The last day of February: 28 February.
        case february28
        /// The day after 28 February: 1 March.
        case march1
    }

    /// 1 to 12.
    public let month: Int
    public let day: Int
    public let time: TimeOfDay
    public let timeZone: TimeZone
    public let leapDay: LeapDay

    /// A recurrence on a day that exists in some year (29 February does), else nil.
    public init?(month: Int, day: Int, time: TimeOfDay, timeZone: TimeZone, leapDay: LeapDay = .february28) {
        guard LocalDate(year: 2000, month: month, day: day) != nil else { return nil }
        self.month = month
        self.day = day
        self.time = time
        self.timeZone = timeZone
        self.leapDay = leapDay
    }

    /// The recurrence of `birthday` (its month and day), at `time` in `timeZone`, with 29
    /// February kept by `leapDay`: a wish anchored on the day it celebrates.
    public init(birthday: Birthday, time: TimeOfDay, timeZone: TimeZone, leapDay: LeapDay) {
        self.init(month: birthday.month, day: birthday.day, time: time, timeZone: timeZone, leapDay: leapDay)!
    }

    /// The recurrence of a first send time: its month and day, time and zone.
    public init(startingAt sendTime: WishSendTime) {
        self.month = sendTime.date.month
        self.day = sendTime.date.day
        self.time = sendTime.time
        self.timeZone = sendTime.timeZone
        self.leapDay = .february28
    }

    /// The day `month`/`day` is kept in `year`: itself, or for 29 February in a year without it
    /// the day `leapDay` names.
    public static func keptDay(month: Int, day: Int, in year: Int, leapDay: LeapDay = .february28) -> LocalDate {
        if let date = LocalDate(year: year, month: month, day: day) { return date }
        switch leapDay {
        case .february28: return LocalDate(year: year, month: month, day: day - 1)!
        case .march1: return LocalDate(year: year, month: month + 1, day: 1)!
        }
    }

    /// The send time of the occurrence in `year`.
    public func occurrence(in year: Int) -> WishSendTime {
        WishSendTime(date: Self.keptDay(month: month, day: day, in: year, leapDay: leapDay), time: time, timeZone: timeZone)
    }

    /// The first `count` occurrences whose instant is after `now`, soonest first.
    public func occurrences(after now: Date, count: Int) -> [WishSendTime] {
        var year = LocalDate(containing: now, in: timeZone).year - 1
        var found: [WishSendTime] = []
        while found.count < count {
            let next = occurrence(in: year)
            if next.instant > now { found.append(next) }
            year += 1
        }
        return found
    }

    /// The first occurrence after `now`.
    public func next(after now: Date) -> WishSendTime { occurrences(after: now, count: 1)[0] }
}
