import Fluent
import Foundation

/// A yearly wish's reminder that is to be e-mailed to its sender: filed with its Inbox item
/// (``YearlyWishRoller``), then sent by a round of any instance that claims it (``triedAt``,
/// once per ``WishReminderMailRecord/retryAfter``), tried again after a failure until
/// ``maximumAttempts``, and done once the mail server took it (``mailedAt``).
final class WishReminderMailRecord: Model, @unchecked Sendable {
    static let schema = "wish_reminder_mails"

    /// How long a claim holds, and the wait before another try.
    static let retryAfter: TimeInterval = 300
    /// Tries before the e-mail is given up (the Inbox item and the push stay).
    static let maximumAttempts = 12

    @ID(key: .id) var id: UUID?
    @Field(key: "wish_id") var wishID: UUID
    @Field(key: "sender_id") var senderID: UUID
    @Field(key: "filed_at") var filedAt: Date
    @OptionalField(key: "tried_at") var triedAt: Date?
    @Field(key: "attempts") var attempts: Int
    @OptionalField(key: "mailed_at") var mailedAt: Date?

    init() {}

    init(wishID: UUID, senderID: UUID, at: Date) {
        self.id = UUID()
        self.wishID = wishID
        self.senderID = senderID
        self.filedAt = at
        self.attempts = 0
    }
}
