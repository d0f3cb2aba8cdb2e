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

    /// Takes one attempt from the account's and the address's buckets *before* the password is
    /// checked, or answers the seconds to wait when either is empty. Checking and spending are one
    /// step of the actor, so concurrent guesses cannot all pass the check before any is counted.
    func reserveAttempt(email: String, address: String?, now: Date = Date()) -> Int? {
        let keys = keys(email: email, address: address)
        let current = keys.map { key in buckets[key] ?? TokenBucket(capacity: capacity(of: key), refillPerSecond: refillPerSecond, now: now) }
        let waits = current.filter { !$0.allows(at: now) }.map { $0.secondsUntilAvailable(at: now) }
        if let wait = waits.max() { return wait }
        for (key, bucket) in zip(keys, current) { buckets[key] = bucket.spending(at: now) }
        if buckets.count > 10_000 {
            buckets = buckets.filter { !$0.value.isFull(at: now) }
        }
        return nil
    }

    /// Gives back the attempt of a correct password: only failures count.
    func refundAttempt(email: String, address: String?, now: Date = Date()) {
        for key in keys(email: email, address: address) {
            guard let bucket = buckets[key] else { continue }
            buckets[key] = bucket.refunding(at: now)
        }
    }

    private func capacity(of key: String) -> Int {
        key.hasPrefix("account:") ? burstPerAccount : burstPerAddress
    }

    private func keys(email: String, address: String?) -> [String] {
        ["account:" + email.lowercased()] + (address.map { ["address:" + $0] } ?? [])
    }
}
