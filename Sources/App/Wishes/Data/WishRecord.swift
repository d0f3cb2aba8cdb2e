import Foundation
import KineticCore

/// A row of `wishes`: what a sender scheduled.
struct WishRecord: Codable, Sendable, Equatable {
    static let schema = "wishes"

    /// Where the wish stands for its sender.
    enum State: String, Codable, Sendable {
        /// Waiting for its time; editable, deletable (its deliveries are cancelled with it).
        case scheduled
        /// Its first delivery was claimed: in the Sent list, with each channel's state.
        case sent
        /// Deleted by its sender; what was delivered stays delivered.
        case deleted
    }

    var id: UUID
    var senderID: UUID
    var state: State
    var occasion: String
    var subject: String
    var message: String
    /// ``WishPhoto`` as text, or nil.
    var photo: String?
    /// Seconds since 1970.
    var sendAt: Double
    /// `yyyy-MM-ddTHH:mm` as the sender chose it, in ``timeZone``.
    var localSendAt: String
    var timeZone: String
    /// Channel names joined by commas, in ``WishChannel`` order.
    var channels: String
    var searchText: String
    var createdAt: Double
    var dispatchedAt: Double?

    enum CodingKeys: String, CodingKey {
        case id
        case senderID = "sender_id"
        case state
        case occasion
        case subject
        case message
        case photo
        case sendAt = "send_at"
        case localSendAt = "local_send_at"
        case timeZone = "time_zone"
        case channels
        case searchText = "search_text"
        case createdAt = "created_at"
        case dispatchedAt = "dispatched_at"
    }
}

/// A row of `wish_recipients`.
struct WishRecipientRecord: Codable, Sendable, Equatable {
    static let schema = "wish_recipients"

    var wishID: UUID
    var position: Int
    var address: String

    enum CodingKeys: String, CodingKey {
        case wishID = "wish_id"
        case position
        case address
    }
}

/// A row of `wish_deliveries`: one recipient on one channel (or the whole wish, on Connections).
struct WishDeliveryRecord: Codable, Sendable, Equatable {
    static let schema = "wish_deliveries"

    var id: UUID
    var wishID: UUID
    var channel: String
    /// The address; nil for Connections.
    var recipient: String?
    var state: String
    /// When it may next be tried, seconds since 1970.
    var dueAt: Double
    /// Tries so far, counted when claimed.
    var attempts: Int
    /// The server instance holding the lease while it sends.
    var leaseOwner: String?
    var leaseUntil: Double?
    var lastError: String?
    var finishedAt: Double?
    /// What the other side called it: the Message-ID, the Connections entry, the inbox row.
    var externalID: String?

    enum CodingKeys: String, CodingKey {
        case id
        case wishID = "wish_id"
        case channel
        case recipient
        case state
        case dueAt = "due_at"
        case attempts
        case leaseOwner = "lease_owner"
        case leaseUntil = "lease_until"
        case lastError = "last_error"
        case finishedAt = "finished_at"
        case externalID = "external_id"
    }
}

/// A row of `wish_inbox`: a wish as its recipient received it.
struct InboxWishRecord: Codable, Sendable, Equatable {
    static let schema = "wish_inbox"

    var id: UUID
    var recipientID: UUID
    /// Unique: a delivery reaches an inbox once.
    var deliveryID: UUID
    var wishID: UUID
    var senderName: String
    var senderEmail: String
    var occasion: String
    var subject: String
    var message: String
    var photo: String?
    var receivedAt: Double
    var readAt: Double?
    var searchText: String

    enum CodingKeys: String, CodingKey {
        case id
        case recipientID = "recipient_id"
        case deliveryID = "delivery_id"
        case wishID = "wish_id"
        case senderName = "sender_name"
        case senderEmail = "sender_email"
        case occasion
        case subject
        case message
        case photo
        case receivedAt = "received_at"
        case readAt = "read_at"
        case searchText = "search_text"
    }
}
