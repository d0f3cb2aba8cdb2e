import Foundation

/// When a finished workout is recorded as done: when the player says it ended, so a workout
/// finished without a network and sent the next day counts on the day it was played — but never
/// later than now, nor earlier than ``longestDelay`` before it (a phone's clock can be wrong).
public enum CompletionTime {
    /// How long a phone may have kept a finished workout before sending it.
    public static let longestDelay: TimeInterval = 7 * 24 * 3600

    public static func recorded(finishedAt: Date?, now: Date) -> Date {
        guard let finishedAt else { return now }
        return min(now, max(now.addingTimeInterval(-longestDelay), finishedAt))
    }
}
