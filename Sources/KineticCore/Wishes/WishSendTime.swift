import Foundation

/// When a wish goes out: the date and time its sender chose on their own clock, and the instant
/// that is in their time zone.
///
/// Clocks that change for daylight saving skip an hour in spring and repeat one in autumn:
/// - a time in the skipped hour does not exist, so it **moves forward** by the length of the
///   gap (02:30 on the spring-forward night in Berlin is sent at 03:30 CEST), as the clock on
///   the wall would show it had it not been changed;
/// - a time in the repeated hour happens twice, so the **earlier** of the two instants is taken
///   (02:30 on the fall-back night in Berlin is sent at 02:30 CEST, not an hour later at 02:30 CET).
public struct WishSendTime: Hashable, Sendable {
    /// How the chosen time related to the time zone's clock changes.
    public enum Adjustment: String, Sendable {
        /// The time happens once; sent exactly then.
        case exact
        /// The time falls in a skipped hour; sent that many seconds later on the wall clock.
        case movedForward
        /// The time happens twice; sent at the first.
        case earlierOfTwo
    }

    public let date: LocalDate
    public let time: TimeOfDay
    public let timeZone: TimeZone
    /// The instant it is sent.
    public let instant: Date
    public let adjustment: Adjustment

    /// The instant of `time` on `date` in `timeZone`, by the rules above.
    public init(date: LocalDate, time: TimeOfDay, timeZone: TimeZone) {
        self.date = date
        self.time = time
        self.timeZone = timeZone
        // The wall-clock reading as if it were UTC; the instant is that minus the zone's offset.
        let wall = Double(date.daysSince1970) * 86_400 + Double(time.minutes) * 60
        let offsets = Set([-86_400.0, 0, 86_400].map { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + $0)) })
        let matching =
            offsets
            .map { Date(timeIntervalSince1970: wall - Double($0)) }
            .filter { Double(timeZone.secondsFromGMT(for: $0)) == wall - $0.timeIntervalSince1970 }
            .sorted()
        if let first = matching.first {
            instant = first
            adjustment = matching.count > 1 ? .earlierOfTwo : .exact
        } else {
            // In a gap: read the wall clock with the offset from before the change.
            let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86_400))
            instant = Date(timeIntervalSince1970: wall - Double(before))
            adjustment = .movedForward
        }
    }

    /// Reads a `datetime-local` value, `yyyy-MM-ddTHH:mm` (seconds, when given, must be `00`).
    public init?(localDateTime text: String, timeZone: TimeZone) {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2, let date = LocalDate(String(parts[0])) else { return nil }
        var timeText = String(parts[1])
        if timeText.utf8.count == 8, timeText.hasSuffix(":00") { timeText = String(timeText.dropLast(3)) }
        guard timeText.utf8.count == 5, let time = TimeOfDay(timeText) else { return nil }
        self.init(date: date, time: time, timeZone: timeZone)
    }

    /// `yyyy-MM-ddTHH:mm`, the form a `datetime-local` field shows.
    public var localDateTime: String { "\(date)T\(time)" }
}

extension WishSendTime {
    /// The first whole hour on `timeZone`'s clock at least 30 minutes after `now`, as
    /// `yyyy-MM-ddTHH:mm`: the send time a new wish starts with.
    public static func nextWholeHour(after now: Date, in timeZone: TimeZone) -> String {
        let later = now.addingTimeInterval(30 * 60)
        let date = LocalDate(containing: later, in: timeZone)
        let nextHour = TimeOfDay(containing: later, in: timeZone).hour + 1
        if nextHour == 24 { return "\(LocalDate(daysSince1970: date.daysSince1970 + 1))T00:00" }
        return "\(date)T\(String(format: "%02d", nextHour)):00"
    }
}
