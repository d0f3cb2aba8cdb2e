/// Why Kinetic itself gave up on a delivery. Stored as its String Catalog key in the delivery's
/// `last_error`, so the Sent list shows it in the reader's language; a reason a server gave
/// (an SMTP or Connections reply) is stored as it came.
public enum DeliveryFailure: String, CaseIterable, Sendable {
    /// In-app: no account has the recipient's address.
    case noAccount = "wishes.failure.noAccount"
    case emailUnavailable = "wishes.failure.emailUnavailable"
    case connectionsUnavailable = "wishes.failure.connectionsUnavailable"
    /// Every try failed and none said why.
    case gaveUp = "wishes.failure.gaveUp"
    /// The mail server answered for the other recipients but not this one.
    case noReply = "wishes.failure.noReply"
    case unknownChannel = "wishes.failure.unknownChannel"
    /// The sender deleted the wish before it went.
    case cancelled = "wishes.failure.cancelled"

    /// The catalog key for a stored reason Kinetic wrote, or nil for a server's own words.
    public static func key(of reason: String) -> String? {
        DeliveryFailure(rawValue: reason)?.rawValue
    }
}
