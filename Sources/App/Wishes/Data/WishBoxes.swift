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
        return WishListPage(items: items, next: rows.count > limit ? items.last?.cursor : nil)
    }

    /// The wish or Inbox item `id` when it is this user's, whichever box it is in.
    func listing(_ id: UUID) async throws -> WishListing? {
        let sql = try database.sql()
        if let wish = try await sql.select().column("*").from(WishRecord.schema)
            .where("id", .equal, id).where("sender_id", .equal, userID).where("state", .notEqual, WishRecord.State.deleted.rawValue)
            .first(decoding: WishRecord.self)
        {
            return try await listings(of: [wish]).first
        }
        return try await sql.select().column("*").from(InboxWishRecord.schema)
            .where("id", .equal, id).where("recipient_id", .equal, userID)
            .first(decoding: InboxWishRecord.self).map(Self.listing)
    }

    /// The ids before and after `listing` in its list narrowed by `filter`: the message view's arrows.
    func neighbours(of listing: WishListing, filter: WishListFilter = WishListFilter()) async throws -> (previous: UUID?, next: UUID?) {
        let next = try await listings(listing.box, filter: filter, from: listing.cursor, forward: true, limit: 1).first?.id
        let previous = try await listings(listing.box, filter: filter, from: listing.cursor, forward: false, limit: 1).first?.id
        return (previous, next)
    }

    /// How many wishes each list holds, and how many Inbox ones are unread.
    func counts() async throws -> (boxes: [WishBox: Int], unread: Int) {
        let sql = try database.sql()
        var boxes: [WishBox: Int] = [:]
        for (box, state) in [(WishBox.scheduled, WishRecord.State.scheduled), (.sent, .sent)] {
            boxes[box] =
                try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from(WishRecord.schema)
                .where("sender_id", .equal, userID).where("state", .equal, state.rawValue)
                .first()?.decode(column: "n", as: Int.self) ?? 0
        }
        let inbox = { (unreadOnly: Bool) async throws -> Int in
            var query = sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from(InboxWishRecord.schema)
                .where("recipient_id", .equal, self.userID)
            if unreadOnly { query = query.where("read_at", .is, SQLLiteral.null) }
            return try await query.first()?.decode(column: "n", as: Int.self) ?? 0
        }
        boxes[.inbox] = try await inbox(false)
        return (boxes, try await inbox(true))
    }

    /// Marks an Inbox item read (once; the first time is kept).
    func markRead(_ id: UUID, now: Date) async throws {
        try await database.sql().update(InboxWishRecord.schema).set("read_at", to: now.timeIntervalSince1970)
            .where("id", .equal, id).where("recipient_id", .equal, userID).where("read_at", .is, SQLLiteral.null).run()
    }

    // MARK: - Reading

    /// Up to `limit` listings of `box` strictly after (`forward`) or before `cursor` in the
    /// list's order; backwards they come nearest first.
    private func listings(
        _ box: WishBox, filter: WishListFilter, from cursor: WishListCursor?, forward: Bool, limit: Int
    ) async throws -> [WishListing] {
        let sql = try database.sql()
        let (table, owner, time) =
            box == .inbox ? (InboxWishRecord.schema, "recipient_id", "received_at") : (WishRecord.schema, "sender_id", "send_at")
        var query = sql.select().column("*").from(table).where(SQLColumn(owner), .equal, SQLBind(userID))
        if box != .inbox {
            query = query.where("state", .equal, box == .scheduled ? WishRecord.State.scheduled.rawValue : WishRecord.State.sent.rawValue)
        }
        if let pattern = WishSearchText.likePattern(for: filter.phrase) {
            query = query.where(SQLLikeEscaped(column: "search_text", pattern: pattern))
        }
        if let occasion = filter.occasion { query = query.where("occasion", .equal, occasion.rawValue) }
        // Ascending in the list's own order when reading forward; the other way for the row before.
        let ascending = box.isNewestFirst != forward
        if let cursor {
            let beyond: SQLBinaryOperator = ascending ? .greaterThan : .lessThan
            query = query.where(group: {
                $0
                    .where(SQLColumn(time), beyond, SQLBind(cursor.seconds))
                    .orWhere(group: { $0.where(SQLColumn(time), .equal, SQLBind(cursor.seconds)).where("id", beyond, cursor.id) })
            })
        }
        let direction: SQLDirection = ascending ? .ascending : .descending
        query = query.orderBy(time, direction).orderBy("id", direction).limit(limit)
        if box == .inbox { return try await query.all(decoding: InboxWishRecord.self).map(Self.listing) }
        return try await listings(of: query.all(decoding: WishRecord.self))
    }

    /// Listings of wishes this user sent, with their recipients and deliveries (two queries for the lot).
    private func listings(of wishes: [WishRecord]) async throws -> [WishListing] {
        guard !wishes.isEmpty else { return [] }
        let sql = try database.sql()
        let ids = wishes.map(\.id)
        let recipients = try await sql.select().column("*").from(WishRecipientRecord.schema).where("wish_id", .in, ids)
            .orderBy("position").all(decoding: WishRecipientRecord.self)
        let deliveries = try await sql.select().column("*").from(WishDeliveryRecord.schema).where("wish_id", .in, ids)
            .orderBy("channel").orderBy("recipient").all(decoding: WishDeliveryRecord.self)
        let addresses = Dictionary(grouping: recipients, by: \.wishID)
        let byWish = Dictionary(grouping: deliveries, by: \.wishID)
        return wishes.map { wish in
            WishListing(
                id: wish.id, box: wish.state == .scheduled ? .scheduled : .sent, occasion: Occasion(rawValue: wish.occasion) ?? .birthday,
                subject: wish.subject, message: wish.message, photo: wish.photo.flatMap(WishPhoto.init),
                at: Date(timeIntervalSince1970: wish.sendAt), people: (addresses[wish.id] ?? []).map(\.address), senderName: nil,
                isUnread: false, localSendAt: wish.localSendAt, timeZone: wish.timeZone,
                channels: wish.channels.split(separator: ",").compactMap { WishChannel(rawValue: String($0)) }.sorted(),
                deliveries: byWish[wish.id] ?? []
            )
        }
    }

    private static func listing(_ item: InboxWishRecord) -> WishListing {
        WishListing(
            id: item.id, box: .inbox, occasion: Occasion(rawValue: item.occasion) ?? .birthday, subject: item.subject,
            message: item.message,
            photo: item.photo.flatMap(WishPhoto.init), at: Date(timeIntervalSince1970: item.receivedAt),
            people: item.senderEmail.isEmpty ? [] : [item.senderEmail],
            senderName: item.senderName, isUnread: item.readAt == nil, localSendAt: nil, timeZone: nil, channels: [.inApp], deliveries: []
        )
    }
}
