import Foundation

/// Where one delivery of a wish stands, as far as its recipient's outcome is concerned.
public struct DeliveryStatus: Equatable, Sendable {
    public let channel: WishChannel
    public let state: DeliveryState
    /// Why it failed, or why its last try did: a ``DeliveryFailure`` raw value or a server's words.
    public let reason: String?
    /// When a delivery waiting after a failed try (or held back) is tried again.
    public let nextTry: Date?

    public init(channel: WishChannel, state: DeliveryState, reason: String?, nextTry: Date? = nil) {
        self.channel = channel
        self.state = state
        self.reason = reason
        self.nextTry = nextTry
    }
}

/// How a wish ended up for one recipient, from that recipient's deliveries (one, or two when
/// the sender asked for both e-mail and in-app). A recipient who got it one way got it: a
/// delivery that failed beside one that arrived does not make them a failure.
public enum RecipientOutcome: Equatable, Sendable {
    /// It arrived, on these channels.
    case delivered(on: [WishChannel])
    /// Nothing has arrived yet and something still may; the reason of a try that failed or is
    /// held back (a sending limit, an address's owner not confirmed yet), and when it is tried again.
    case waiting(reason: String?, nextTry: Date? = nil)
    /// Every delivery ended and none arrived; the reason of the first that failed.
    case failed(reason: String?)
    /// The sender deleted the wish before it went.
    case cancelled
    /// No delivery was made for them: a wish from before each recipient was reached on their
    /// own, sent only as a post on Connections that named them.
    case onlyNamed

    public init(_ deliveries: [DeliveryStatus]) {
        let delivered = deliveries.filter { $0.state == .delivered }.map(\.channel)
        if !delivered.isEmpty {
            self = .delivered(on: delivered.sorted())
        } else if let open = deliveries.first(where: { !$0.state.isFinal }) {
            self = .waiting(reason: open.reason, nextTry: open.nextTry)
        } else if let failed = deliveries.first(where: { $0.state == .failed }) {
            self = .failed(reason: failed.reason)
        } else if deliveries.isEmpty {
            self = .onlyNamed
        } else {
            self = .cancelled
        }
    }

    /// Its name in the API: `delivered`, `waiting`, `failed`, `cancelled` or `named`.
    public var name: String {
        switch self {
        case .delivered: "delivered"
        case .waiting: "waiting"
        case .failed: "failed"
        case .cancelled: "cancelled"
        case .onlyNamed: "named"
        }
    }

    /// Why it has not arrived (waiting, failed), when a reason was given.
    public var reason: String? {
        switch self {
        case .waiting(let reason, _), .failed(let reason): reason
        default: nil
        }
    }

    /// When a waiting recipient's delivery is tried again, when a try failed or it is held back.
    public var nextTry: Date? {
        if case .waiting(_, let nextTry) = self { return nextTry }
        return nil
    }

    /// The part of a tally it counts in; nil for one only named in a Connections post, which
    /// was never meant to reach them.
    public var kind: OutcomeTally.Kind? {
        switch self {
        case .delivered: .delivered
        case .waiting: .waiting
        case .failed: .failed
        case .cancelled: .cancelled
        case .onlyNamed: nil
        }
    }
}

/// How many recipients of a wish each outcome reached: "2 delivered · 1 failed" counts people,
/// not deliveries, so a recipient reached on two channels is one.
public struct OutcomeTally: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case delivered, waiting, failed, cancelled

        /// The String Catalog key of "%@ delivered" and the like.
        public var countKey: String { "wishes.outcome.count.\(rawValue)" }
    }

    public private(set) var counts: [Kind: Int] = [:]

    public init(_ outcomes: [RecipientOutcome]) {
        for kind in outcomes.compactMap(\.kind) { counts[kind, default: 0] += 1 }
    }

    public subscript(kind: Kind) -> Int { counts[kind] ?? 0 }

    /// The kinds with at least one recipient, in ``Kind`` order, with their counts.
    public var nonzero: [(kind: Kind, count: Int)] {
        Kind.allCases.compactMap { kind in counts[kind].map { (kind, $0) } }
    }
}
