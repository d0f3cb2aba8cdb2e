/// Why Kinetic itself gave up on a delivery, or why its last try failed. Stored as its String
/// Catalog key in the delivery's `last_error`, so the Sent list shows it in the reader's
/// language, never a library's error text (which goes to the log); a reason the recipient's
/// server gave for refusing them for good (an SMTP or Connections reply) is stored as it came.
public enum DeliveryFailure: String, CaseIterable, Sendable {
    /// In-app: no account has the recipient's address.
    case noAccount = "wishes.failure.noAccount"
    /// In-app: no account has confirmed the address yet; the delivery waits for its owner.
    case waitingForOwner = "wishes.failure.waitingForOwner"
    /// In-app: no account confirmed the address within ``InAppWait/longest`` of the send time.
    case noConfirmedAccount = "wishes.failure.noConfirmedAccount"
    /// E-mail or Connections: the sender's own address is not confirmed (it changed since).
    case senderUnconfirmed = "wishes.failure.senderUnconfirmed"
    /// E-mail: the sender reached a sending limit; it goes when there is room (``SendingLimits``).
    case limitWait = "wishes.failure.limitWait"
    /// E-mail: the recipient asked for no more e-mail from Kinetic.
    case optedOut = "wishes.failure.optedOut"
    case emailUnavailable = "wishes.failure.emailUnavailable"
    case connectionsUnavailable = "wishes.failure.connectionsUnavailable"
    /// Every try failed and none said why.
    case gaveUp = "wishes.failure.gaveUp"
    /// The mail server answered for the other recipients but not this one.
    case noReply = "wishes.failure.noReply"
    /// The sender deleted the wish before it went.
    case cancelled = "wishes.failure.cancelled"
    /// E-mail: Kinetic's mail server could not be reached, or did not answer in time.
    case mailServerUnreachable = "wishes.failure.mailServerUnreachable"
    /// E-mail: Kinetic's mail server refused to take the message (for now, or for good).
    case mailServerRefused = "wishes.failure.mailServerRefused"
    /// E-mail: Kinetic's mail server settings do not work (a refused login, no STARTTLS where it
    /// is required): its operator has to change them.
    case mailServerSettings = "wishes.failure.mailServerSettings"
    /// E-mail: the recipient's mail server asked to try again later (a 4xx reply).
    case recipientServerLater = "wishes.failure.recipientServerLater"
    /// Connections did not answer, or asked to try again later.
    case connectionsLater = "wishes.failure.connectionsLater"

    /// The catalog key for a stored reason Kinetic wrote, or nil for a server's own words.
    public static func key(of reason: String) -> String? {
        DeliveryFailure(rawValue: reason)?.rawValue
    }
}

/// How an in-app wish waits for the owner of its address: only an account that confirmed the
/// address receives it (anyone could sign up with an address that is not theirs), so until one
/// does, the delivery looks again every ``recheck`` (and at once when an address is confirmed),
/// for at most ``longest`` after its send time; then it fails with a reason the sender can read.
public enum InAppWait {
    public static let recheck: Double = 3600
    public static let longest: Double = 7 * 24 * 3600

    /// When to look again, or nil when the wait is over.
    public static func nextLook(sendTime: Double, now: Double) -> Double? {
        guard now < sendTime + longest else { return nil }
        return min(now + recheck, sendTime + longest)
    }
}
