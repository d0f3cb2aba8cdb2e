import Foundation
import KineticCore

/// Slows down repeated failed logins, per account and per client address, with token buckets.
/// Kept in memory: each app instance limits on its own.
actor LoginThrottle {
    private let burstPerAccount: Int
    private let burstPerAddress: Int
    private let refillPerSecond: Double
    private var buckets: [String: TokenBucket] = [:]

    init(burstPerAccount: Int, burstPerAddress: Int, refillSeconds: Double) {
        self.burstPerAccount = burstPerAccount
        self.burstPerAddress = burstPerAddress
        self.refillPerSecond = 1 / refillSeconds
    }

    /// Seconds the caller must wait before trying again, or nil when a login attempt may proceed.
    func retryAfter(email: String, address: String?, now: Date = Date()) -> Int? {
        let waits = keys(email: email, address: address).compactMap { key -> Int? in
            guard let bucket = buckets[key], !bucket.allows(at: now) else { return nil }
            return bucket.secondsUntilAvailable(at: now)
        }
        return waits.max()
    }

    /// Records a failed attempt against the account and the address.
    func recordFailure(email: String, address: String?, now: Date = Date()) {
        for key in keys(email: email, address: address) {
            let capacity = key.hasPrefix("account:") ? burstPerAccount : burstPerAddress
            let bucket = buckets[key] ?? TokenBucket(capacity: capacity, refillPerSecond: refillPerSecond, now: now)
            buckets[key] = bucket.spending(at: now)
        }
        if buckets.count > 10_000 {
            buckets = buckets.filter { !$0.value.isFull(at: now) }
        }
    }

    private func keys(email: String, address: String?) -> [String] {
        ["account:" + email.lowercased()] + (address.map { ["address:" + $0] } ?? [])
    }
}
