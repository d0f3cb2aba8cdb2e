import Foundation

/// A token bucket: holds up to `capacity` tokens and gains `refillPerSecond` tokens a second.
/// Kinetic spends one token per login or sign-up attempt, so a burst is allowed and then slowed;
/// a lookup of several things at once (the addresses of a wish) spends one per thing.
/// The App's `Throttle` applies the same rule in SQL, to rows shared by every instance.
public struct TokenBucket: Equatable, Sendable {
    public let capacity: Double
    public let refillPerSecond: Double
    public private(set) var tokens: Double
    public private(set) var updatedAt: Date

    /// A full bucket at `now`.
    public init(capacity: Int, refillPerSecond: Double, now: Date) {
        self.capacity = Double(capacity)
        self.refillPerSecond = refillPerSecond
        self.tokens = Double(capacity)
        self.updatedAt = now
    }

    /// A bucket as it was stored: `tokens` counted at `updatedAt`.
    public init(capacity: Int, refillPerSecond: Double, tokens: Double, updatedAt: Date) {
        self.capacity = Double(capacity)
        self.refillPerSecond = refillPerSecond
        self.tokens = min(Double(capacity), max(0, tokens))
        self.updatedAt = updatedAt
    }

    /// The bucket as it is at `now`, refilled for the time that passed.
    public func refilled(at now: Date) -> TokenBucket {
        var copy = self
        let elapsed = max(0, now.timeIntervalSince(updatedAt))
        copy.tokens = min(capacity, tokens + elapsed * refillPerSecond)
        copy.updatedAt = max(updatedAt, now)
        return copy
    }

    /// Whether `count` whole tokens are available at `now`.
    public func allows(_ count: Int = 1, at now: Date) -> Bool { refilled(at: now).tokens >= Double(count) }

    /// Seconds until `count` whole tokens are available at `now` (0 when they are). A count
    /// above the capacity is never available: its wait is that of a full bucket.
    public func secondsUntilAvailable(_ count: Int = 1, at now: Date) -> Int {
        let current = refilled(at: now)
        let needed = min(Double(count), capacity)
        guard current.tokens < needed else { return 0 }
        return Int(((needed - current.tokens) / refillPerSecond).rounded(.up))
    }

    /// The bucket after spending `count` tokens at `now` (never below zero).
    public func spending(_ count: Int = 1, at now: Date) -> TokenBucket {
        var copy = refilled(at: now)
        copy.tokens = max(0, copy.tokens - Double(count))
        return copy
    }

    /// The bucket after giving one token back at `now` (never above capacity).
    public func refunding(at now: Date) -> TokenBucket {
        var copy = refilled(at: now)
        copy.tokens = min(capacity, copy.tokens + 1)
        return copy
    }

    /// Whether the bucket is full at `now`, so that it can be forgotten.
    public func isFull(at now: Date) -> Bool { refilled(at: now).tokens >= capacity }
}
