/// How slowly a request body may arrive before the server stops waiting for it, as Apache's
/// `mod_reqtimeout` `MinRate` and nginx's `client_body_timeout` do: a client that holds an
/// upload open while sending almost nothing would otherwise keep its connection, its file and
/// its place for as long as it likes.
///
/// Two rules, checked while the body arrives:
/// - after ``grace`` seconds, the body's average rate since reading began must be at least
///   ``minimumBytesPerSecond`` (a phone on a poor network starts slowly, so the first seconds
///   are free);
/// - no gap between two pieces may be longer than ``longestPause`` seconds, so that a body sent
///   fast at first cannot then stand still on the credit of its start.
public struct BodyPace: Sendable, Equatable {
    /// The average rate a body must keep after the grace period.
    public var minimumBytesPerSecond: Int
    /// Seconds at the start during which the rate is not judged.
    public var grace: Double
    /// The longest a body may go without a single byte, in seconds.
    public var longestPause: Double

    /// 1 KiB/s after 20 s, pauses of at most 60 s: an upload over the slowest mobile network
    /// still in use (EDGE, about 25 KiB/s) passes with a wide margin.
    public static let standard = BodyPace(minimumBytesPerSecond: 1_024, grace: 20, longestPause: 60)

    public init(minimumBytesPerSecond: Int, grace: Double, longestPause: Double) {
        self.minimumBytesPerSecond = minimumBytesPerSecond
        self.grace = grace
        self.longestPause = longestPause
    }

    /// Whether a body that has brought `received` bytes in `elapsed` seconds since reading
    /// began, its last piece `sinceLastPiece` seconds ago, is too slow to wait for any longer.
    public func isTooSlow(received: Int, elapsed: Double, sinceLastPiece: Double) -> Bool {
        if sinceLastPiece > longestPause { return true }
        guard elapsed > grace else { return false }
        return Double(received) < Double(minimumBytesPerSecond) * elapsed
    }
}
