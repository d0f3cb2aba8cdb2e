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
    /// The names the sender knows recipients by, by address (Scheduled, Sent): their contacts',
    /// else the Kinetic accounts'.
    var names: [String: String] = [:]
    /// The sender's name (Inbox only).
    let senderName: String?
    /// An Inbox wish not opened yet.
    let isUnread: Bool
    /// The send time as the sender chose it and its zone (Scheduled, Sent).
    let localSendAt: String?
    let timeZone: String?
    /// Each recipient and how they get it (Scheduled, Sent), in the order given.
    let recipients: [WishRecipient]
    /// Whether it is also posted on Connections (Scheduled, Sent).
    let postsToConnections: Bool
    /// Each delivery's state (Scheduled, Sent), by channel and recipient.
    let deliveries: [WishDeliveryRecord]
    /// Its words for search, as stored (``WishSearchText``).
    let searchText: String
    /// When its recipient said thanks (Inbox only).
    var thankedAt: Date? = nil
    /// The yearly wish it was made from (Scheduled, Sent).
    var seriesID: UUID? = nil
    /// What an Inbox item is, and the wish it is about (the one received, thanked for, or reminded of).
    var kind: InboxWishRecord.Kind = .wish
    var sourceWishID: UUID? = nil

    /// Its place in its list narrowed by `filter`, for the next page's cursor and the message
    /// view's arrows: its time and id, after its rank in a search.
    func cursor(in filter: WishListFilter) -> WishListCursor {
        let words = WishSearchText.searchWords(filter.phrase)
        let score = words.isEmpty ? nil : WishSearchText.score(of: searchText, for: words) ?? 0
        return WishListCursor(seconds: at.timeIntervalSince1970, id: id, score: score)
    }

    /// A recipient as the sender knows them: their name, else their address.
    func name(of address: String) -> String { names[address] ?? address }

    /// The recipients (Scheduled, Sent) by name where one is known, or the sender (Inbox).
    var peopleByName: [String] { box == .inbox ? people : people.map(name(of:)) }

    /// Every channel it goes out on; an Inbox wish came in-app.
    var channels: [WishChannel] {
        box == .inbox ? [.inApp] : WishChannel.channels(of: recipients, postsToConnections: postsToConnections)
    }

    /// How it ended up, or stands, for each recipient, in order.
    var outcomes: [(recipient: WishRecipient, outcome: RecipientOutcome)] {
        let byAddress = Dictionary(grouping: deliveries.filter { $0.channel != .connections }) { $0.recipient ?? "" }
        return recipients.map { ($0, RecipientOutcome((byAddress[$0.address] ?? []).map(\.status))) }
    }

    /// Its Connections post, when it has one.
    var connectionsDelivery: WishDeliveryRecord? { deliveries.first { $0.channel == .connections } }
}

/// What a list is narrowed to: a phrase and an occasion, each optional. A phrase finds the
/// wishes with every one of its words, best matches first (``WishSearchText``).
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
