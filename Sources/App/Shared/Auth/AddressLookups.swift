import Foundation
import KineticCore

/// Counts lookups of whether addresses have a Kinetic account (``AddressLookupLimits``) for one
/// account from one client address, in the shared throttle.
struct AddressLookups {
    let throttle: Throttle
    let userID: UUID
    /// The client as per-address limits count it (``Request/clientLimitKey``; nil when
    /// unknown: only the account counts).
    let client: String?

    /// Counts `addresses`; nil when allowed, else the seconds until enough lookups are back.
    /// Addresses this account looked up within the repeat window are free; when the lookups run
    /// out, the addresses just marked as looked up are given back, so a refused attempt costs
    /// nothing later.
    func count(_ addresses: [String]) async throws -> Int? {
        let user = userID.uuidString.lowercased()
        var fresh: [ThrottleBucket] = []
        for address in Set(addresses.map { $0.lowercased() }).sorted() {
            let seen = ThrottleBucket(key: "looked-up:\(user):\(address)", capacity: 1, refillSeconds: AddressLookupLimits.repeatWindow)
            if try await throttle.take([seen]) == nil { fresh.append(seen) }
        }
        guard !fresh.isEmpty else { return nil }
        var buckets = [
            ThrottleBucket(
                key: "lookups:" + user, capacity: AddressLookupLimits.accountBurst, refillSeconds: AddressLookupLimits.accountRefillSeconds)
        ]
        if let client {
            buckets.append(
                ThrottleBucket(
                    key: "lookups-from:" + client, capacity: AddressLookupLimits.clientBurst,
                    refillSeconds: AddressLookupLimits.clientRefillSeconds))
        }
        guard let wait = try await throttle.take(buckets, count: fresh.count) else { return nil }
        try await throttle.giveBack(fresh)
        return wait
    }
}
