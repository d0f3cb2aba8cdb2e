import Foundation

/// The reminder the sender of a yearly wish gets in their Inbox some days before each year's
/// wish goes out, with the chance to change that year's words.
public struct YearlyReminder: Hashable, Sendable {
    /// Nil: no reminder.
    public let daysBefore: Int?

    public static let maximumDays = 30
    public static let none = YearlyReminder(daysBefore: nil)

    public init(daysBefore: Int?) {
        self.daysBefore = daysBefore.flatMap { $0 > 0 ? $0 : nil }
    }

    /// A reminder `days` before (nil or 0: none), 1 to ``maximumDays``; else the message key (`remindDaysBefore`).
    public static func checked(_ days: Int?) -> Result<YearlyReminder, FieldErrors> {
        guard let days, days != 0 else { return .success(.none) }
        guard (1...maximumDays).contains(days) else {
            return .failure(FieldErrors(["remindDaysBefore": "wishes.error.remindDays"]))
        }
        return .success(YearlyReminder(daysBefore: days))
    }

    /// When to remind before a wish sent at `sendTime`: that many days earlier on the calendar,
    /// at the same time on the same clock (a clock change in between moves nothing), if that is
    /// still after `now` (a reminder for a wish the sender is writing right now would say
    /// nothing new).
    public func time(before sendTime: WishSendTime, now: Date) -> Date? {
        guard let daysBefore else { return nil }
        let day = LocalDate(daysSince1970: sendTime.date.daysSince1970 - daysBefore)
        let at = WishSendTime(date: day, time: sendTime.time, timeZone: sendTime.timeZone).instant
        return at > now ? at : nil
    }
}
