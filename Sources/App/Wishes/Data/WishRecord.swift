import Fluent
import Foundation
import KineticCore

/// A wish a sender scheduled: its words, photo and send time as the sender chose it. Its
/// recipients, each with how they get it (``WishRecipientRecord``), and its deliveries
/// (``WishDeliveryRecord``) are rows of their own.
final class WishRecord: Model, @unchecked Sendable {
    static let schema = "wishes"

    /// Where the wish stands for its sender.
    enum State: String, Codable, Sendable {
        /// Waiting for its time; editable, deletable (its deliveries are cancelled with it).
        case scheduled
        /// Its first delivery was claimed: in the Sent list, with each delivery's state.
        case sent
        /// Deleted by its sender; what was delivered stays delivered.
        case deleted
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "sender_id") var sender: User
    @Field(key: "state") var state: State
    @Field(key: "occasion") var occasion: Occasion
    @Field(key: "subject") var subject: String
    @Field(key: "message") var message: String
    /// ``WishPhoto`` as its text (`stock:…`, `upload:<uuid>`), or nil.
    @OptionalField(key: "photo") var photo: String?
    @Field(key: "send_at") var sendAt: Date
    /// `yyyy-MM-ddTHH:mm` as the sender chose it, in ``timeZone``.
    @Field(key: "local_send_at") var localSendAt: String
    /// The zone's identifier (`Europe/Berlin`).
    @Field(key: "time_zone") var timeZone: String
    /// Whether it is also posted on the sender's Connections board.
    @Field(key: "posts_to_connections") var postsToConnections: Bool
    /// Subject, recipients and message as words for search (``WishSearchText``).
    @Field(key: "search_text") var searchText: String
    /// When it was scheduled, or last edited: the sending limits count it from then.
    @Field(key: "created_at") var createdAt: Date
    /// When its first delivery was claimed.
    @OptionalField(key: "dispatched_at") var dispatchedAt: Date?
    /// The yearly wish it was made from, and the year it is for.
    @OptionalField(key: "series_id") var seriesID: UUID?
    @OptionalField(key: "occurrence_year") var occurrenceYear: Int?
    /// When its sender is to be reminded of it in their Inbox (a yearly wish's); nil once done.
    @OptionalField(key: "remind_at") var remindAt: Date?

    init() {}

    /// A scheduled wish of `draft` from `senderID`, made at `now`.
    init(id: UUID = UUID(), draft: WishDraft, senderID: UUID, now: Date) {
        self.id = id
        self.$sender.id = senderID
        self.state = .scheduled
        self.createdAt = now
        self.dispatchedAt = nil
        take(draft)
    }

    /// Takes the fields of `draft` (an edit keeps the id, the sender and the state).
    func take(_ draft: WishDraft) {
        occasion = draft.occasion
        subject = draft.subject
        message = draft.message
        photo = draft.photo?.description
        sendAt = draft.sendTime.instant
        localSendAt = draft.sendTime.localDateTime
        timeZone = draft.sendTime.timeZone.identifier
        postsToConnections = draft.postsToConnections
        searchText = WishSearchText.stored(subject: draft.subject, people: draft.recipients, message: draft.message)
    }

    /// The photo it carries, read back from its text.
    var wishPhoto: WishPhoto? { photo.flatMap(WishPhoto.init) }
}
