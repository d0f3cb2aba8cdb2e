/// A way a wish reaches its recipients.
public enum WishChannel: String, CaseIterable, Codable, Sendable, Comparable {
    /// An e-mail to each recipient's address.
    case email
    /// A status update on the sender's IBM Connections board (one per wish, naming the recipients).
    case connections
    /// The wish in the Inbox of each recipient who has a Kinetic account.
    case inApp = "in-app"

    /// The String Catalog key of its name.
    public var nameKey: String { "wishes.channel.\(rawValue)" }

    public static func < (lhs: WishChannel, rhs: WishChannel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Every channel a wish to `recipients` goes out on, in order.
    public static func channels(of recipients: [WishRecipient], postsToConnections: Bool) -> [WishChannel] {
        var channels = Set(recipients.flatMap(\.reach.channels))
        if postsToConnections { channels.insert(.connections) }
        return channels.sorted()
    }
}

/// Where one delivery stands.
public enum DeliveryState: String, CaseIterable, Codable, Sendable {
    /// Waiting for its time (or its next try).
    case pending
    /// Claimed by a server, which holds a lease on it while it sends.
    case sending
    /// Delivered; final.
    case delivered
    /// Given up on, with a reason; final.
    case failed
    /// The wish was deleted before it was sent; final.
    case cancelled

    /// Whether nothing more will happen to it.
    public var isFinal: Bool { self == .delivered || self == .failed || self == .cancelled }

    /// The String Catalog key of its name.
    public var nameKey: String { "wishes.delivery.\(rawValue)" }
}

/// The three lists of the Wishes module.
public enum WishBox: String, CaseIterable, Codable, Sendable {
    case scheduled
    case inbox
    case sent

    /// The String Catalog key of its title.
    public var titleKey: String { "wishes.box.\(rawValue)" }
}

extension WishBox {
    /// Whether the list shows its newest first (Inbox, Sent) or its soonest first (Scheduled).
    public var isNewestFirst: Bool { self != .scheduled }
}
