import Foundation

/// How often and how soon a delivery that failed for a passing reason (a server answering 4xx or
/// 5xx, a timeout, a refused connection) is tried again: exponential backoff with jitter, so
/// that many deliveries failing together do not all retry in the same second.
public struct DeliveryRetryPolicy: Sendable, Equatable {
    /// Tries in all, the first included; after the last a delivery fails for good.
    public var maximumAttempts: Int
    /// The wait after the first failed try.
    public var firstDelay: TimeInterval
    /// The longest wait between tries.
    public var longestDelay: TimeInterval
    /// How far a wait may stray from the exponential value, as a fraction of it (0.25: ±25 %).
    public var jitter: Double

    public init(maximumAttempts: Int = 6, firstDelay: TimeInterval = 30, longestDelay: TimeInterval = 3_600, jitter: Double = 0.25) {
        self.maximumAttempts = maximumAttempts
        self.firstDelay = firstDelay
        self.longestDelay = longestDelay
        self.jitter = jitter
    }

    /// What happens after a failed try.
    public enum Step: Equatable, Sendable {
        case retry(at: Date)
        case giveUp
    }

    /// What follows try number `attempt` (1 for the first) failing at `now`. A permanent failure
    /// (an address the server refuses, a request it will never accept) gives up at once.
    /// `random` is a number in 0..<1 that places the jitter.
    public func step(afterAttempt attempt: Int, permanent: Bool, now: Date, random: Double) -> Step {
        guard !permanent, attempt < maximumAttempts else { return .giveUp }
        return .retry(at: now.addingTimeInterval(delay(afterAttempt: attempt, random: random)))
    }

    /// The wait after try number `attempt` failed: `firstDelay · 2^(attempt-1)`, at most
    /// `longestDelay`, moved by up to ±`jitter` of itself.
    public func delay(afterAttempt attempt: Int, random: Double) -> TimeInterval {
        let exponent = Double(min(max(attempt, 1) - 1, 30))
        let base = min(longestDelay, firstDelay * pow(2, exponent))
        let spread = min(max(random, 0), 1) * 2 - 1
        return base * (1 + jitter * spread)
    }
}
