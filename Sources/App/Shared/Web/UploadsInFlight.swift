import Foundation
import NIOConcurrencyHelpers
import Vapor

/// The uploads this instance is receiving now, counted by who sends them: the queues in front
/// of the tool threads count only what waits there, so without this one client could open forty
/// uploads at once and have every one read before any of them queued. At most ``perSender`` at
/// once per account, ``perShare`` per client network (four accounts from one address share
/// it), ``inAll`` for everyone; past them 503 `busy` with `Retry-After`, before the body is read.
final class UploadsInFlight: Sendable {
    static let perSender = 4
    static let perShare = 8
    static let inAll = 64

    private let counts = NIOLockedValueBox([String: Int]())

    /// What one upload holds until it ``leave(_:)``s.
    struct Ticket: Sendable {
        fileprivate let keys: [String]
    }

    /// Counts an upload of `sender` (nil: not signed in) from `shares`, or nil when one of
    /// their limits is reached (nothing counted then).
    func enter(sender: UUID?, shares: Set<String>) -> Ticket? {
        var limits = [("all", Self.inAll)]
        if let sender { limits.append(("sender:" + sender.uuidString, Self.perSender)) }
        limits += shares.sorted().map { ($0, Self.perShare) }
        return counts.withLockedValue { counts in
            guard limits.allSatisfy({ counts[$0.0, default: 0] < $0.1 }) else { return nil }
            for (key, _) in limits { counts[key, default: 0] += 1 }
            return Ticket(keys: limits.map(\.0))
        }
    }

    /// How many uploads of `sender` are being received.
    func count(of sender: UUID) -> Int {
        counts.withLockedValue { $0["sender:" + sender.uuidString, default: 0] }
    }

    func leave(_ ticket: Ticket) {
        counts.withLockedValue { counts in
            for key in ticket.keys {
                let left = counts[key, default: 1] - 1
                counts[key] = left > 0 ? left : nil
            }
        }
    }
}

extension Application {
    private struct UploadsInFlightKey: StorageKey { typealias Value = UploadsInFlight }

    /// The uploads being received (``UploadsInFlight``), made by `configure(_:_:)`.
    var uploadsInFlight: UploadsInFlight {
        storage.configured(UploadsInFlightKey.self, "the count of uploads in flight")
    }

    /// Starts counting uploads in flight; called once by `configure(_:_:)`.
    func startCountingUploads() {
        storage[UploadsInFlightKey.self] = UploadsInFlight()
    }
}
