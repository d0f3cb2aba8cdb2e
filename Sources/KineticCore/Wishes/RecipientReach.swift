/// How one recipient of a wish gets it. Each recipient is reached once, on the way that fits
/// them, unless the sender asks for both.
public enum RecipientReach: String, CaseIterable, Codable, Sendable {
    /// In the Inbox of the Kinetic account that confirmed the address.
    case inApp = "in-app"
    /// An e-mail to the address.
    case email
    /// Both, when the sender asks for it: two copies.
    case emailAndInApp = "email-and-in-app"

    /// The channels it is delivered on, one delivery each.
    public var channels: [WishChannel] {
        switch self {
        case .inApp: [.inApp]
        case .email: [.email]
        case .emailAndInApp: [.email, .inApp]
        }
    }

    /// Whether it sends an e-mail (and so counts against the sender's ``SendingLimits``).
    public var sendsEmail: Bool { self != .inApp }

    /// The String Catalog key of how it reads in a picker ("By e-mail").
    public var nameKey: String { "wishes.reach.\(rawValue)" }

    /// The reach Kinetic picks when the sender does not: the app for an address a Kinetic
    /// account confirmed (the recipient sees it where they already look, and nothing leaves
    /// the server), e-mail for any other address (an in-app wish would wait for an account
    /// that may never come) — unless the sender cannot e-mail (the server sends none, or their
    /// own address is not confirmed): then the app, where it waits for the address's owner to
    /// join (``InAppWait``).
    public static func automatic(hasConfirmedAccount: Bool, senderCanEmail: Bool) -> RecipientReach {
        hasConfirmedAccount || !senderCanEmail ? .inApp : .email
    }

    /// The reach an old request's `channels` list meant for every recipient (e-mail and in-app
    /// together were both copies), or nil when it named neither.
    public static func implied(byChannels channels: Set<WishChannel>) -> RecipientReach? {
        switch (channels.contains(.email), channels.contains(.inApp)) {
        case (true, true): .emailAndInApp
        case (true, false): .email
        case (false, true): .inApp
        case (false, false): nil
        }
    }
}

/// One recipient of a wish and how they get it.
public struct WishRecipient: Equatable, Hashable, Sendable {
    /// The normalized address.
    public let address: String
    public let reach: RecipientReach

    public init(address: String, reach: RecipientReach) {
        self.address = address
        self.reach = reach
    }
}
