import Foundation
import KineticCore

/// One wish as a list or the message view shows it, whichever box it is in.
struct WishListing: Sendable {
    let id: UUID
    let box: WishBox
    let occasion: Occasion
    let subject: String
    let message: String
    let photo: WishPhoto?
    /// When it goes or went out (Scheduled, Sent), or when it arrived (Inbox).
    let at: Date
    /// The recipients' addresses (Scheduled, Sent), or the sender's (Inbox).
    let people: [String]
    /// The sender's name (Inbox only).
    let senderName: String?
    /// An Inbox wish not opened yet.
    let isUnread: Bool
    /// The send time as the sender chose it and its zone (Scheduled, Sent).
    let localSendAt: String?
    let timeZone: String?
    let channels: [WishChannel]
    /// Each delivery's state (Scheduled, Sent), by channel and recipient.
    let deliveries: [WishDeliveryRecord]

    /// Its place in its list, for the next page's cursor.
    var cursor: WishListCursor { WishListCursor(seconds: at.timeIntervalSince1970, id: id) }
}

/// What a list is narrowed to: a phrase and an occasion, each optional.
struct WishListFilter: Sendable, Equatable {
    var phrase: String = ""
    var occasion: Occasion?

    var isEmpty: Bool { phrase.isEmpty && occasion == nil }
}

/// A page of a list and where the next one starts (nil at the end).
struct WishListPage: Sendable {
    let items: [WishListing]
    let next: WishListCursor?
}
