import Foundation

/// When a yearly wish goes out: a day of the year (a birthday, an anniversary), a time on the
/// clock of a zone, every year.
///
/// Each year's instant is worked out in that zone for that year (``WishSendTime``), so 8:00 in
/// Berlin stays 8:00 whether the day falls in summer or winter time, a time in a skipped hour
/// moves forward, and a zone that changed its offset (Samoa skipped 30 December 2011) is read
/// with the offset it had that year. 29 February is kept on 28 February in years without it
/// (``keptDay(month:day:in:)``), the day most calendars show such birthdays on.
public struct YearlyRecurrence: Hashable, Sendable {
    /// 1 to 12.
    public let month: Int
    public let day: Int
    public let time: TimeOfDay
    public let timeZone: TimeZone

    /// A recurrence on a day that exists in some year (29 February does), else nil.
    public init?(month: Int, day: Int, time: TimeOfDay, timeZone: TimeZone) {
        guard LocalDate(year: 2000, month: month, day: day) != nil else { return nil }
        self.month = month
        self.day = day
        self.time = time
        self.timeZone = timeZone
    }

    /// The recurrence of a first send time: its month and day, time and zone.
    public init(startingAt sendTime: WishSendTime) {
        self.month = sendTime.date.month
        self.day = sendTime.date.day
        self.time = sendTime.time
        self.timeZone = sendTime.timeZone
    }

    /// The day `month`/`day` is kept in `year`: itself, or 28 February for 29 February in a year without it.
    public static func keptDay(month: Int, day: Int, in year: Int) -> LocalDate {
        LocalDate(year: year, month: month, day: day) ?? LocalDate(year: year, month: month, day: day - 1)!
    }

    /// The send time of the occurrence in `year`.
    public func occurrence(in year: Int) -> WishSendTime {
        WishSendTime(date: Self.keptDay(month: month, day: day, in: year), time: time, timeZone: timeZone)
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
