import Foundation

/// An expiry that moves ahead each time its session or token is used (an idle timeout).
/// Writing the new expiry on every request would turn each read into a write, so it moves
/// only when the last move is at least `granularity` old.
public enum SlidingExpiry {
    /// How stale a stored expiry may be before a use moves it: one hour.
    public static let granularity: TimeInterval = 3600

    /// The expiry to store after a use at `now`, or nil when the stored one is recent enough.
    /// A missing expiry (a row from before expiries existed) is always renewed.
    public static func renewal(of expiry: Date?, now: Date, lifetime: TimeInterval) -> Date? {
        let renewed = now.addingTimeInterval(lifetime)
        guard let expiry else { return renewed }
        return renewed.timeIntervalSince(expiry) >= granularity ? renewed : nil
    }

    /// Whether a session or token with this expiry still works at `now` (a missing one does).
    public static func isAlive(_ expiry: Date?, at now: Date) -> Bool {
        expiry.map { $0 > now } ?? true
    }
}
