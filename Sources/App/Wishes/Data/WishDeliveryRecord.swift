import Fluent
import Foundation
import KineticCore

/// One recipient of a wish on one of their channels (or the whole wish, on Connections): the queue the
/// scheduler claims from (``WishDeliveryQueue``), with its lease, tries and outcome.
final class WishDeliveryRecord: Model, @unchecked Sendable {
    static let schema = "wish_deliveries"

    @ID(key: .id) var id: UUID?
    @Parent(key: "wish_id") var wish: WishRecord
    @Field(key: "channel") var channel: WishChannel
    /// The address; nil for Connections.
    @OptionalField(key: "recipient") var recipient: String?
    @Field(key: "state") var state: DeliveryState
    /// When it may next be tried.
    @Field(key: "due_at") var dueAt: Date
    /// Tries so far, counted when claimed.
    @Field(key: "attempts") var attempts: Int
    /// The server instance holding the lease while it sends.
    @OptionalField(key: "lease_owner") var leaseOwner: String?
    @OptionalField(key: "lease_until") var leaseUntil: Date?
    /// Why the last try failed: a ``DeliveryFailure`` raw value or the other side's words.
    @OptionalField(key: "last_error") var lastError: String?
    @OptionalField(key: "finished_at") var finishedAt: Date?
    /// What the other side called it: the Message-ID, the Connections entry, the inbox row.
    @OptionalField(key: "external_id") var externalID: String?

    init() {}

    /// A pending delivery of `wishID` on `channel` to `recipient`, due at `due`.
    init(wishID: UUID, channel: WishChannel, recipient: String?, due: Date) {
        self.id = UUID()
        self.$wish.id = wishID
        self.channel = channel
        self.recipient = recipient
        self.state = .pending
        self.dueAt = due
        self.attempts = 0
    }

    /// One pending delivery per recipient on each channel of their reach, and one for the wish
    /// when it posts to Connections, all due at `due`.
    static func pending(
        for wishID: UUID, due: Date, recipients: [WishRecipient], postsToConnections: Bool
    ) -> [WishDeliveryRecord] {
        let personal = recipients.flatMap { recipient in
            recipient.reach.channels.map { WishDeliveryRecord(wishID: wishID, channel: $0, recipient: recipient.address, due: due) }
        }
        return personal + (postsToConnections ? [WishDeliveryRecord(wishID: wishID, channel: .connections, recipient: nil, due: due)] : [])
    }

    /// Where it stands, for its recipient's ``RecipientOutcome``.
    var status: DeliveryStatus {
        DeliveryStatus(channel: channel, state: state, reason: lastError, nextTry: state == .pending && lastError != nil ? dueAt : nil)
    }
}
