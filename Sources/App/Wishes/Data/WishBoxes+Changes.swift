import Fluent
import Foundation
import KineticCore
import SQLKit

/// Why a change to wishes was refused; nothing was changed.
enum WishChangeRefusal: Error, Equatable {
    /// These positions of the request named wishes that are not this user's (or do not exist).
    case notFound(positions: [Int])
    /// A delivery of one of them is going out right now; try again in a moment.
    case beingSent
}

extension WishBoxes {
    /// Deletes the wishes and Inbox items `ids`, all or none. A wish of this user's stops: its
    /// pending deliveries are cancelled in the same transaction (what was delivered stays
    /// delivered); an Inbox item leaves this user's Inbox. Refused whole when one id is not this
    /// user's, or when one of the wishes has a delivery being sent at this moment.
    func delete(_ ids: [UUID], now: Date) async throws {
        let sql = try database.sql()
        let unique = Array(Set(ids))
        let wishes = Set(
            try await sql.select().column("id").from(WishRecord.schema)
                .where("id", .in, unique).where("sender_id", .equal, userID).where("state", .notEqual, WishRecord.State.deleted.rawValue)
                .all().map { try $0.decode(column: "id", as: UUID.self) })
        let inbox = Set(
            try await sql.select().column("id").from(InboxWishRecord.schema)
                .where("id", .in, unique).where("recipient_id", .equal, userID)
                .all().map { try $0.decode(column: "id", as: UUID.self) })
        let missing = ids.indices.filter { !wishes.contains(ids[$0]) && !inbox.contains(ids[$0]) }
        guard missing.isEmpty else { throw WishChangeRefusal.notFound(positions: missing) }
        try await database.transaction { database in
            let sql = try database.sql()
            if !wishes.isEmpty {
                try await stopDeliveries(of: Array(wishes), now: now, on: sql)
                try await sql.update(WishRecord.schema).set("state", to: WishRecord.State.deleted.rawValue)
                    .where("id", .in, Array(wishes)).where("sender_id", .equal, userID).run()
            }
            if !inbox.isEmpty {
                try await sql.delete(from: InboxWishRecord.schema).where("id", .in, Array(inbox)).where("recipient_id", .equal, userID)
                    .run()
            }
        }
    }

    /// Replaces a scheduled wish with `draft`: its fields, recipients and deliveries, in one
    /// transaction. Refused (``WishChangeRefusal/beingSent``) once its time came and a delivery
    /// was claimed; nil when it is not this user's scheduled wish.
    func update(_ id: UUID, to draft: WishDraft, now: Date) async throws -> WishListing? {
        guard let current = try await listing(id), current.box == .scheduled else { return nil }
        let sendAt = draft.sendTime.instant.timeIntervalSince1970
        try await database.transaction { database in
            let sql = try database.sql()
            // Deliveries first, as a claim takes them: then this and a claim never wait on each other.
            try await sql.delete(from: WishDeliveryRecord.schema).where("wish_id", .equal, id).where(
                "state", .equal, DeliveryState.pending.rawValue
            ).run()
            let updated = try await sql.update(WishRecord.schema)
                .set("occasion", to: draft.occasion.rawValue).set("subject", to: draft.subject).set("message", to: draft.message)
                .set("photo", to: draft.photo?.description).set("send_at", to: sendAt)
                .set("local_send_at", to: draft.sendTime.localDateTime).set("time_zone", to: draft.sendTime.timeZone.identifier)
                .set("channels", to: draft.channels.map(\.rawValue).joined(separator: ","))
                .set("search_text", to: WishSearchText.folded([draft.subject, draft.message] + draft.recipients))
                // The sending limits count an edited wish's recipients as scheduled now.
                .set("created_at", to: now.timeIntervalSince1970)
                .where("id", .equal, id).where("sender_id", .equal, userID).where("state", .equal, WishRecord.State.scheduled.rawValue)
                .returning("id").all()
            let left =
                try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from(WishDeliveryRecord.schema)
                .where("wish_id", .equal, id).first()?.decode(column: "n", as: Int.self) ?? 0
            guard updated.count == 1, left == 0 else { throw WishChangeRefusal.beingSent }
            try await sql.delete(from: WishRecipientRecord.schema).where("wish_id", .equal, id).run()
            let recipients = draft.recipients.enumerated().map { WishRecipientRecord(wishID: id, position: $0.offset, address: $0.element) }
            try await sql.insert(into: WishRecipientRecord.schema).models(recipients, nilEncodingStrategy: .asNil).run()
            let deliveries = WishesRepository.newDeliveries(for: id, due: sendAt, channels: draft.channels, recipients: draft.recipients)
            try await sql.insert(into: WishDeliveryRecord.schema).models(deliveries, nilEncodingStrategy: .asNil).run()
        }
        return try await listing(id)
    }

    /// Cancels the pending deliveries of `wishes`, then refuses when one is being sent.
    private func stopDeliveries(of wishes: [UUID], now: Date, on sql: any SQLDatabase) async throws {
        try await sql.update(WishDeliveryRecord.schema)
            .set("state", to: DeliveryState.cancelled.rawValue).set("last_error", to: DeliveryFailure.cancelled.rawValue)
            .set("finished_at", to: now.timeIntervalSince1970)
            .where("wish_id", .in, wishes).where("state", .equal, DeliveryState.pending.rawValue).run()
        let sending =
            try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from(WishDeliveryRecord.schema)
            .where("wish_id", .in, wishes).where("state", .equal, DeliveryState.sending.rawValue).first()?.decode(column: "n", as: Int.self)
            ?? 0
        if sending > 0 { throw WishChangeRefusal.beingSent }
    }

    // MARK: - Search history

    /// The phrases this user last searched `box` for, newest first.
    func searchHistory(_ box: WishBox) async throws -> SearchHistory {
        let row = try await database.sql().select().column("phrases").from("wish_search_histories")
            .where("user_id", .equal, userID).where("box", .equal, box.rawValue).first()
        let phrases = try row.map {
            try JSONDecoder().decode([String].self, from: Data(try $0.decode(column: "phrases", as: String.self).utf8))
        }
        return SearchHistory(phrases ?? [])
    }

    /// Remembers that this user searched `box` for `phrase`; returns the history after it.
    @discardableResult
    func recordSearch(_ phrase: String, in box: WishBox) async throws -> SearchHistory {
        let history = try await searchHistory(box).recording(phrase)
        let json = String(decoding: try JSONEncoder().encode(history.phrases), as: UTF8.self)
        try await database.sql().insert(into: "wish_search_histories").columns("user_id", "box", "phrases")
            .values(SQLBind(userID), SQLBind(box.rawValue), SQLBind(json))
            .onConflict(with: ["user_id", "box"]) { $0.set(excludedValueOf: "phrases") }
            .run()
        return history
    }
}
