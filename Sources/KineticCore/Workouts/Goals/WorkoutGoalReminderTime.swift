import Foundation

/// When a workout goal's reminder goes to its owner's devices: on a reminder day, from 9:00 in
/// their time zone (a morning nudge, never one at midnight), once that day.
public enum WorkoutGoalReminderTime {
    /// The local hour reminders go from.
    public static let hour = 9

    /// Whether `now` is at or past ``hour`` on its local day in `timeZone`.
    public static func hasCome(at now: Date, in timeZone: TimeZone) -> Bool {
        let local = now.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: now))
        let intoDay = local - (local / 86_400).rounded(.down) * 86_400
        return intoDay >= Double(hour * 3600)
    }
}
