import Foundation
import KineticCore
import Vapor

/// A wish as the API returns it, in any of the three lists. Scheduled and Sent wishes name
/// their recipients with how each gets it and how it ended up for them, the send time and each
/// delivery's state; Inbox wishes their sender.
struct WishDTO: Content {
    struct Photo: Content {
        /// `stock:birthday-1` or `upload:<uuid>`, as a new wish names it.
        let id: String
        let url: String
    }

    struct SendTime: Content {
        /// `yyyy-MM-ddTHH:mm` on the sender's clock.
        let local: String
        let timeZone: String
    }

    struct Person: Content {
        let name: String
        /// Null when the sender's address was not confirmed when the wish arrived.
        @NullEncoded var email: String?
    }

    /// One recipient, how they get it, and how it stands for them.
    struct Recipient: Content {
        let address: String
        /// The name the sender knows them by (their contact's, else their Kinetic account's).
        @NullEncoded var name: String?
        /// `in-app`, `email` or `email-and-in-app`.
        let reach: String
        /// `waiting`, `delivered`, `failed`, `cancelled`, or `named` (only named in a
        /// Connections post, by a wish from before each recipient had a reach).
        let outcome: String
        /// The channels it arrived on.
        let deliveredOn: [String]
        /// Why it has not arrived, in the reader's language where Kinetic wrote it.
        @NullEncoded var reason: String?
        /// When a waiting recipient's delivery is tried again (ISO 8601), after a failed try or
        /// while it is held back.
        @NullEncoded var nextTryAt: String?
    }

    /// How many recipients each outcome reached.
    struct Tally: Content {
        let waiting: Int
        let delivered: Int
        let failed: Int
        let cancelled: Int
    }

    struct Delivery: Content {
        let channel: String
        @NullEncoded var recipient: String?
        let state: String
        let attempts: Int
        /// Why it failed (or why the last try did), in the reader's language where Kinetic wrote it.
        @NullEncoded var reason: String?
        @NullEncoded var finishedAt: String?
    }

    let id: UUID
    let box: String
    let occasion: String
    let subject: String
    let message: String
    @NullEncoded var photo: Photo?
    /// When it goes or went out (scheduled, sent) or arrived (inbox).
    let at: String
    @NullEncoded var sendAt: SendTime?
    /// The recipients' addresses, in order (empty in the Inbox).
    let recipients: [String]
    /// Each recipient with their reach and outcome, in order (empty in the Inbox).
    let to: [Recipient]
    /// Whether it is also posted on Connections.
    let connections: Bool
    @NullEncoded var tally: Tally?
    @NullEncoded var from: Person?
    let unread: Bool
    /// When its recipient said thanks (inbox only; null until then).
    @NullEncoded var thankedAt: String?
    /// `wish`, `thanks` (for a wish the caller sent) or `reminder` (of the caller's yearly wish, `about`) in the inbox.
    @NullEncoded var kind: String?
    /// The wish an inbox item is about: the one thanked for or reminded of.
    @NullEncoded var about: UUID?
    /// The yearly wish it was made from (scheduled, sent).
    @NullEncoded var yearlyId: UUID?
    /// Every channel it goes out on (for clients from before `to`).
    let channels: [String]
    let deliveries: [Delivery]

    init(_ listing: WishListing, localizer: Localizer) {
        id = listing.id
        box = listing.box.rawValue
        occasion = listing.occasion.rawValue
        subject = listing.subject
        message = listing.message
        photo = listing.photo.map { Photo(id: $0.description, url: WishDTO.url(of: $0, api: true)) }
        at = listing.at.formatted(.iso8601)
        if let local = listing.localSendAt, let zone = listing.timeZone { sendAt = SendTime(local: local, timeZone: zone) }
        recipients = listing.box == .inbox ? [] : listing.people
        if listing.box == .inbox, let name = listing.senderName { from = Person(name: name, email: listing.people.first) }
        let outcomes = listing.outcomes
        to = outcomes.map { recipient, outcome in
            var deliveredOn: [String] = []
            if case .delivered(let channels) = outcome { deliveredOn = channels.map(\.rawValue) }
            return Recipient(
                address: recipient.address, name: listing.names[recipient.address], reach: recipient.reach.rawValue, outcome: outcome.name,
                deliveredOn: deliveredOn,
                reason: outcome.reason.map { localizer.deliveryReason($0) }, nextTryAt: outcome.nextTry?.formatted(.iso8601))
        }
        connections = listing.postsToConnections
        if listing.box != .inbox {
            let counted = OutcomeTally(outcomes.map(\.outcome))
            tally = Tally(
                waiting: counted[.waiting], delivered: counted[.delivered], failed: counted[.failed], cancelled: counted[.cancelled])
        }
        unread = listing.isUnread
        thankedAt = listing.thankedAt?.formatted(.iso8601)
        kind = listing.box == .inbox ? listing.kind.rawValue : nil
        about = listing.box == .inbox && listing.kind != .wish ? listing.sourceWishID : nil
        yearlyId = listing.seriesID
        channels = listing.channels.map(\.rawValue)
        deliveries = listing.deliveries.map { delivery in
            Delivery(
                channel: delivery.channel.rawValue, recipient: delivery.recipient, state: delivery.state.rawValue,
                attempts: delivery.attempts,
                reason: delivery.lastError.map { localizer.deliveryReason($0) },
                finishedAt: delivery.finishedAt?.formatted(.iso8601)
            )
        }
    }

    /// Where a photo is served: a card from `Public/`, an upload through the API or the pages.
    static func url(of photo: WishPhoto, api: Bool) -> String {
        switch photo {
        case .stock(let id): "/images/wishes/cards/\(id).svg"
        case .uploaded(let id):
            (api ? SiteURL.api(.wishes(.photo(id: id.uuidString.lowercased()))) : SiteURL.wishes(.photo(id: id.uuidString.lowercased())))
                .path
        }
    }
}

extension Localizer {
    /// A delivery's stored reason as the reader reads it: Kinetic's own in their language, a
    /// server's words as they came; with when it is tried again, on the reader's clock.
    func deliveryReason(_ stored: String, nextTry: Date? = nil, in zone: TimeZone? = nil) -> String {
        let reason = DeliveryFailure.key(of: stored).map { t($0) } ?? stored
        guard let nextTry, let zone else { return reason }
        return t("wishes.failure.nextTry", reason, dateTime(nextTry, in: zone))
    }
}

/// A page of a list: `GET /api/v1/wishes?box=…`.
struct WishListDTO: Content {
    let box: String
    let items: [WishDTO]
    /// Pass as `cursor` for the next page; null at the end.
    @NullEncoded var nextCursor: String?
}

/// A page of a list is the Inbox's read on every visit: it is written with ``JSONWriter``, in
/// the same shape and key order as `JSONEncoder` with sorted keys writes the `Codable` form.
extension WishListDTO: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("box", box)
        writer.member("items", items)
        writer.member("nextCursor", nextCursor)
        writer.endObject()
    }

    /// The page as a JSON response.
    func jsonResponse(allocator: ByteBufferAllocator) -> Response {
        var writer = JSONWriter(allocator: allocator, capacity: 256 + items.count * 1_024)
        write(to: &writer)
        return writer.response()
    }
}

extension WishDTO: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("about", about)
        writer.member("at", at)
        writer.member("box", box)
        writer.member("channels", channels)
        writer.member("connections", connections)
        writer.member("deliveries", deliveries)
        writer.member("from", from)
        writer.member("id", id)
        writer.member("kind", kind)
        writer.member("message", message)
        writer.member("occasion", occasion)
        writer.member("photo", photo)
        writer.member("recipients", recipients)
        writer.member("sendAt", sendAt)
        writer.member("subject", subject)
        writer.member("tally", tally)
        writer.member("thankedAt", thankedAt)
        writer.member("to", to)
        writer.member("unread", unread)
        writer.member("yearlyId", yearlyId)
        writer.endObject()
    }
}

extension WishDTO.Photo: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("id", id)
        writer.member("url", url)
        writer.endObject()
    }
}

extension WishDTO.SendTime: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("local", local)
        writer.member("timeZone", timeZone)
        writer.endObject()
    }
}

extension WishDTO.Person: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("email", email)
        writer.member("name", name)
        writer.endObject()
    }
}

extension WishDTO.Recipient: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("address", address)
        writer.member("deliveredOn", deliveredOn)
        writer.member("name", name)
        writer.member("nextTryAt", nextTryAt)
        writer.member("outcome", outcome)
        writer.member("reach", reach)
        writer.member("reason", reason)
        writer.endObject()
    }
}

extension WishDTO.Tally: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("cancelled", cancelled)
        writer.member("delivered", delivered)
        writer.member("failed", failed)
        writer.member("waiting", waiting)
        writer.endObject()
    }
}

extension WishDTO.Delivery: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("attempts", attempts)
        writer.member("channel", channel)
        writer.member("finishedAt", finishedAt)
        writer.member("reason", reason)
        writer.member("recipient", recipient)
        writer.member("state", state)
        writer.endObject()
    }
}

/// `GET /api/v1/wishes/occasions`: what a new wish can be made of on this server.
struct WishOccasionsDTO: Content {
    struct Text: Content {
        let id: String
        let text: String
    }

    struct Occasion: Content {
        let id: String
        let name: String
        let defaultSubject: String
        let texts: [Text]
        let photos: [WishDTO.Photo]
    }

    struct Channel: Content {
        let id: String
        let name: String
        /// False when this server has no settings for it: wishes cannot be scheduled on it.
        let available: Bool
    }

    let defaultOccasion: String
    let occasions: [Occasion]
    let channels: [Channel]
}

/// `GET /api/v1/wishes/search-history?box=…`: newest first.
struct WishSearchHistoryDTO: Content {
    let box: String
    let phrases: [String]
}

/// `GET /api/v1/wishes/counts`: how many each list holds, and the unread ones of the Inbox.
struct WishCountsDTO: Content {
    let scheduled: Int
    let inbox: Int
    let sent: Int
    let unread: Int
}
