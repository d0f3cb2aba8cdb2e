import Fluent
import Foundation
import KineticCore

/// A wish in its recipient's Inbox: a copy of what was sent, made once per delivery (the
/// delivery's id is unique here, so retries never deliver twice).
final class InboxWishRecord: Model, @unchecked Sendable {
    static let schema = "wish_inbox"

    /// What an Inbox item is.
    enum Kind: String, Codable, Sendable {
        /// A wish someone sent.
        case wish
        /// A thank-you for a wish the reader sent (``WishThanks``).
        case thanks
        /// A reminder of the reader's own yearly wish, days before it goes out.
        case reminder
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "recipient_id") var recipient: User
    @Field(key: "delivery_id") var deliveryID: UUID
    @Field(key: "wish_id") var wishID: UUID
    @Field(key: "sender_name") var senderName: String
    /// Empty when the sender had not confirmed it.
    @Field(key: "sender_email") var senderEmail: String
    @Field(key: "occasion") var occasion: Occasion
    @Field(key: "subject") var subject: String
    @Field(key: "message") var message: String
    /// ``WishPhoto`` as its text, or nil.
    @OptionalField(key: "photo") var photo: String?
    @Field(key: "received_at") var receivedAt: Date
    @OptionalField(key: "read_at") var readAt: Date?
    /// When its recipient said thanks (``WishThanks``); nil until then.
    @OptionalField(key: "thanked_at") var thankedAt: Date?
    /// Subject, sender and message as words for search (``WishSearchText``).
    @Field(key: "search_text") var searchText: String
    /// A wish received, a thank-you, or a reminder; ``wishID`` is the wish it is about.
    @Field(key: "kind") var kind: Kind

    init() {}

    /// `wish`'s copy for `recipientID`, arrived at `at` by `deliveryID`; `senderEmail` is empty
    /// when the sender had not confirmed it.
    init(
        of wish: (id: UUID, occasion: Occasion, subject: String, message: String, photo: String?), deliveryID: UUID, recipientID: UUID,
        senderName: String, senderEmail: String, at: Date, readAt: Date? = nil, kind: Kind = .wish
    ) {
        self.kind = kind
        self.id = UUID()
        self.$recipient.id = recipientID
        self.deliveryID = deliveryID
        self.wishID = wish.id
        self.senderName = senderName
        self.senderEmail = senderEmail
        self.occasion = wish.occasion
        self.subject = wish.subject
        self.message = wish.message
        self.photo = wish.photo
        self.receivedAt = at
        self.readAt = readAt
        self.searchText = WishSearchText.stored(subject: wish.subject, people: [senderName, senderEmail], message: wish.message)
    }
}
