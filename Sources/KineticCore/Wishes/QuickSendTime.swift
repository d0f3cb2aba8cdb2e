import Foundation

/// The quick choices for a wish's send time: "Tomorrow 8:00", "On their birthday at 8:00",
/// "At 8:00 their time". Each is a date for a wall-clock time in a zone; the wish keeps both
/// (``WishSendTime``), so a daylight-saving change between now and then moves nothing.
public enum QuickSendTime {
    /// The hour the quick choices send at: early enough to be there with the day's first look
    /// at the phone.
    public static let morning = TimeOfDay(hour: 8, minute: 0)!

    /// Tomorrow on the clock of `zone`.
    public static func tomorrow(after now: Date, in zone: TimeZone) -> LocalDate {
        LocalDate(daysSince1970: LocalDate(containing: now, in: zone).daysSince1970 + 1)
    }

    /// The next day `time` comes on the clock of `zone`: today while it is still ahead, else tomorrow.
    public static func next(_ time: TimeOfDay = morning, after now: Date, in zone: TimeZone) -> LocalDate {
        let today = LocalDate(containing: now, in: zone)
        return hasPassed(time, now: now, in: zone) ? LocalDate(daysSince1970: today.daysSince1970 + 1) : today
    }

    /// The first day `birthday` is kept (``Birthday/day(in:)``) at whose `time`, on the clock
    /// of `zone`, `now` has not arrived: this year's birthday until its morning has passed.
    public static func birthday(_ birthday: Birthday, at time: TimeOfDay = morning, after now: Date, in zone: TimeZone) -> LocalDate {
        let today = LocalDate(containing: now, in: zone)
        let day = birthday.next(onOrAfter: today)
        guard day == today, hasPassed(time, now: now, in: zone) else { return day }
        return birthday.next(onOrAfter: LocalDate(daysSince1970: today.daysSince1970 + 1))
    }

    /// Whether `time` of today, on the clock of `zone`, has come by `now`.
    private static func hasPassed(_ time: TimeOfDay, now: Date, in zone: TimeZone) -> Bool {
        TimeOfDay(containing: now, in: zone) >= time
    }
}
