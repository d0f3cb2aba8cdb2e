import Fluent
import Foundation
import KineticCore
import SQLKit

/// One user's three lists: the wishes they scheduled and sent, and those in their Inbox. Every
/// read is narrowed to the user; another user's wish is never found here.
struct WishBoxes {
    let database: any Database
    let userID: UUID

    /// The page of `box` after `cursor` (the first page without), narrowed by `filter`, in the
    /// list's order (``WishBox/isNewestFirst``), with the cursor of the next page when there is one.
    func page(
        _ box: WishBox, filter: WishListFilter = WishListFilter(), after cursor: WishListCursor? = nil, limit: Int = 20
    ) async throws -> WishListPage {
        let rows = try await listings(box, filter: filter, from: cursor, forward: true, limit: limit + 1)
        let items = Array(rows.prefix(limit))
        return WishListPage(items: items, next: rows.count > limit ? items.last?.cursor(in: filter) : nil)
    }

    /// The wish or Inbox item `id` when it is this user's, whichever box it is in.
    func listing(_ id: UUID) async throws -> WishListing? {
        if let wish = try await WishRecord.query(on: database)
            .filter(\.$id == id).filter(\.$sender.$id == userID).filter(\.$state != .deleted).first()
        {
            return try await listings(of: [wish]).first
        }
        return try await database.sql().select().columns(InboxRow.columns).from(InboxWishRecord.schema)
            .where("id", .equal, id).where("recipient_id", .equal, userID).first().map(InboxRow.listing)
    }

    /// The ids before and after `listing` in its list narrowed by `filter`: the message view's arrows.
    func neighbours(of listing: WishListing, filter: WishListFilter = WishListFilter()) async throws -> (previous: UUID?, next: UUID?) {
        let cursor = listing.cursor(in: filter)
        let next = try await listings(listing.box, filter: filter, from: cursor, forward: true, limit: 1).first?.id
        let previous = try await listings(listing.box, filter: filter, from: cursor, forward: false, limit: 1).first?.id
        return (previous, next)
    }

    /// How many wishes each list holds, and how many Inbox ones are unread.
    func counts() async throws -> (boxes: [WishBox: Int], unread: Int) {
        var boxes: [WishBox: Int] = [:]
        for (box, state) in [(WishBox.scheduled, WishRecord.State.scheduled), (.sent, .sent)] {
            boxes[box] = try await WishRecord.query(on: database).filter(\.$sender.$id == userID).filter(\.$state == state).count()
        }
        let inbox = InboxWishRecord.query(on: database).filter(\.$recipient.$id == userID)
        boxes[.inbox] = try await inbox.copy().count()
        return (boxes, try await inbox.filter(\.$readAt == nil).count())
    }

    /// Marks an Inbox item read (once; the first time is kept).
    func markRead(_ id: UUID, now: Date) async throws {
        try await InboxWishRecord.query(on: database).set(\.$readAt, to: now)
            .filter(\.$id == id).filter(\.$recipient.$id == userID).filter(\.$readAt == nil).update()
    }

    // MARK: - Reading

    /// Up to `limit` listings of `box` strictly after (`forward`) or before `cursor` in the
    /// list's order; backwards they come nearest first. A search keeps the wishes with every
    /// word and puts the best matches first, then the list's order.
    private func listings(
        _ box: WishBox, filter: WishListFilter, from cursor: WishListCursor?, forward: Bool, limit: Int
    ) async throws -> [WishListing] {
        // Ascending in the list's own order when reading forward; the other way for the row before.
        let ascending = box.isNewestFirst != forward
        let direction: DatabaseQuery.Sort.Direction = ascending ? .ascending : .descending
        let words = WishSearchText.searchWords(filter.phrase)
        // A search with nothing to look for (only signs, "%") finds nothing.
        if words.isEmpty && !filter.phrase.allSatisfy(\.isWhitespace) { return [] }
        let search = WishSearchMatch(words: words)
        let beyond = cursor.map { ListKeyset(cursor: $0, ascending: ascending, search: search, forward: forward) }
        if box == .inbox {
            // The Inbox's read on every visit: its columns as they are, not models (building a
            // Fluent model reflects over its properties for each row: a third of the request).
            let query = try database.sql().select().columns(InboxRow.columns).from(InboxWishRecord.schema)
                .where("recipient_id", .equal, userID)
            if let search { query.where(search.filter).orderBy(search.rank(forward ? "DESC" : "ASC")) }
            if let occasion = filter.occasion { query.where("occasion", .equal, occasion.rawValue) }
            if let beyond { query.where(beyond.expression(table: InboxWishRecord.schema, time: "received_at")) }
            let order: SQLDirection = ascending ? .ascending : .descending
            return try await query.orderBy("received_at", order).orderBy("id", order).limit(limit).all().map(InboxRow.listing)
        }
        let query = WishRecord.query(on: database).filter(\.$sender.$id == userID)
            .filter(\.$state == (box == .scheduled ? .scheduled : .sent))
        if let search { query.filter(.sql(search.filter)).sort(.sql(search.rank(forward ? "DESC" : "ASC"))) }
        if let occasion = filter.occasion { query.filter(\.$occasion == occasion) }
        if let beyond { query.filter(.sql(beyond.expression(table: WishRecord.schema, time: "send_at"))) }
        return try await listings(of: query.sort(\.$sendAt, direction).sort(\.$id, direction).limit(limit).all())
    }

    /// Listings of wishes this user sent, with their recipients and deliveries (two queries for
    /// the lot).
    private func listings(of wishes: [WishRecord]) async throws -> [WishListing] {
        let ids = try wishes.map { try $0.requireID() }
        guard !ids.isEmpty else { return [] }
        let recipients = try await WishRecipientRecord.query(on: database).filter(\.$id.$wish.$id ~~ ids).sort("position").all()
        let deliveries = try await WishDeliveryRecord.query(on: database).filter(\.$wish.$id ~~ ids)
            .sort(\.$channel).sort(\.$recipient).all()
        let addresses = Dictionary(grouping: recipients) { $0.id?.$wish.id }
        let deliveriesByWish = Dictionary(grouping: deliveries) { $0.$wish.id }
        let names = try await WishContacts.knownNames(of: Array(Set(recipients.map(\.recipient.address))), to: userID, on: database)
        return zip(ids, wishes).map { (id: UUID, wish: WishRecord) -> WishListing in
            let recipients: [WishRecipient] = (addresses[id] ?? []).map(\.recipient)
            return WishListing(
                id: id, box: wish.state == .scheduled ? .scheduled : .sent, occasion: wish.occasion, subject: wish.subject,
                message: wish.message, photo: wish.wishPhoto, at: wish.sendAt, people: recipients.map(\.address),
                names: names.filter { name in recipients.contains { $0.address == name.key } }, senderName: nil,
                isUnread: false, localSendAt: wish.localSendAt, timeZone: wish.timeZone, recipients: recipients,
                postsToConnections: wish.postsToConnections, deliveries: deliveriesByWish[id] ?? [], searchText: wish.searchText,
                seriesID: wish.seriesID
            )
        }
    }
}

/// An Inbox item read as columns (``InboxWishRecord``'s), for the lists.
private enum InboxRow {
    static let columns = [
        "id", "occasion", "subject", "message", "photo", "received_at", "sender_email", "sender_name", "read_at", "search_text",
        "thanked_at", "kind", "wish_id",
    ]

    static func listing(_ row: any SQLRow) throws -> WishListing {
        let senderEmail = try row.decode(column: "sender_email", as: String.self)
        return WishListing(
            id: try row.decode(column: "id", as: UUID.self), box: .inbox, occasion: try row.decode(column: "occasion", as: Occasion.self),
            subject: try row.decode(column: "subject", as: String.self), message: try row.decode(column: "message", as: String.self),
            photo: try row.decode(column: "photo", as: String?.self).flatMap(WishPhoto.init),
            at: try row.decode(column: "received_at", as: Date.self), people: senderEmail.isEmpty ? [] : [senderEmail],
            senderName: try row.decode(column: "sender_name", as: String.self),
            isUnread: try row.decode(column: "read_at", as: Date?.self) == nil, localSendAt: nil, timeZone: nil, recipients: [],
            postsToConnections: false, deliveries: [], searchText: try row.decode(column: "search_text", as: String.self),
            thankedAt: try row.decode(column: "thanked_at", as: Date?.self),
            kind: try row.decode(column: "kind", as: InboxWishRecord.Kind.self),
            sourceWishID: try row.decode(column: "wish_id", as: UUID.self)
        )
    }
}

/// A search in SQL: every word found (``WishSearchText/pattern(_:in:)``), as it is or one typo
/// away (``WishSearchText/typoSpellings(of:)``), and the rank of a row, the same sum of weights
/// as ``WishSearchText/score(of:for:)``.
private struct WishSearchMatch {
    let words: [String]

    init?(words: [String]) {
        guard !words.isEmpty else { return nil }
        self.words = words
    }

    var filter: SQLQueryString {
        let found = words.map { word -> SQLQueryString in
            let spellings = ([word] + WishSearchText.typoSpellings(of: word)).map { spelling -> SQLQueryString in
                "search_text LIKE \(bind: WishSearchText.pattern(spelling))"
            }
            return "(" + spellings.joined(separator: " OR ") + ")"
        }
        return "(" + found.joined(separator: " AND ") + ")"
    }

    /// The rank, for `ORDER BY` and the cursor's comparison.
    var score: SQLQueryString {
        let weights = words.map { word -> SQLQueryString in
            """
            (CASE WHEN search_text LIKE \(bind: WishSearchText.pattern(word, in: .subject)) THEN \(literal: WishSearchText.Field.subject.weight) \
            WHEN search_text LIKE \(bind: WishSearchText.pattern(word, in: .people)) THEN \(literal: WishSearchText.Field.people.weight) \
            ELSE \(literal: WishSearchText.Field.message.weight) END)
            """
        }
        return "(" + weights.joined(separator: " + ") + ")"
    }

    func rank(_ direction: String) -> SQLQueryString { score + " \(unsafeRaw: direction)" }
}

/// The rows of a list beyond a cursor, in the list's order of time then id, after the rank in
/// a search (best first). The cursor row's time is read back from the table when it is still
/// there (a time written and read again may differ in its last microsecond on PostgreSQL), else
/// taken from the cursor.
private struct ListKeyset {
    let cursor: WishListCursor
    let ascending: Bool
    let search: WishSearchMatch?
    /// Reading on in the list's order (worse matches next), or back.
    let forward: Bool

    func expression(table: String, time: String) -> SQLQueryString {
        let beyond = ascending ? ">" : "<"
        let at: SQLQueryString = """
            COALESCE((SELECT cursor_row.\(ident: time) FROM \(ident: table) cursor_row WHERE cursor_row.id = \(bind: cursor.id)), \
            \(bind: Date(timeIntervalSince1970: cursor.seconds)))
            """
        let inTime: SQLQueryString = """
            (\(ident: table).\(ident: time) \(unsafeRaw: beyond) \(at) \
            OR (\(ident: table).\(ident: time) = \(at) AND \(ident: table).id \(unsafeRaw: beyond) \(bind: cursor.id)))
            """
        guard let search else { return inTime }
        let score = cursor.score ?? 0
        let worse = forward ? "<" : ">"
        return "(" + search.score + " \(unsafeRaw: worse) \(bind: score) OR (" + search.score + " = \(bind: score) AND " + inTime + "))"
    }
}
