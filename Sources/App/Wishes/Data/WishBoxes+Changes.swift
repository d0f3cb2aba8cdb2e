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
        let unique = Array(Set(ids))
        let wishes = Set(
            try await WishRecord.query(on: database)
                .filter(\.$id ~~ unique).filter(\.$sender.$id == userID).filter(\.$state != .deleted).all(\.$id))
        let inbox = Set(
            try await InboxWishRecord.query(on: database).filter(\.$id ~~ unique).filter(\.$recipient.$id == userID).all(\.$id))
        let missing = ids.indices.filter { !wishes.contains(ids[$0]) && !inbox.contains(ids[$0]) }
        guard missing.isEmpty else { throw WishChangeRefusal.notFound(positions: missing) }
        try await database.writeTransaction { database in
            if !wishes.isEmpty {
                try await stopDeliveries(of: Array(wishes), now: now, on: database)
                try await WishRecord.query(on: database).set(\.$state, to: .deleted)
                    .filter(\.$id ~~ Array(wishes)).filter(\.$sender.$id == userID).update()
            }
            if !inbox.isEmpty {
                try await InboxWishRecord.query(on: database).filter(\.$id ~~ Array(inbox)).filter(\.$recipient.$id == userID).delete()
            }
        }
    }

    /// Replaces a scheduled wish with `draft`: its fields, recipients and deliveries,
    /// in one transaction. Refused (``WishChangeRefusal/beingSent``) once its time came and a
    /// delivery was claimed; nil when it is not this user's scheduled wish.
    func update(
        _ id: UUID, to draft: WishDraft, now: Date, checking: @escaping WishesRepository.SenderCheck = { _ in }
    ) async throws -> WishListing? {
        guard let current = try await listing(id), current.box == .scheduled else { return nil }
        // A year's wish of a yearly one stays in its year (the next year's is made on its own),
        // and its reminder follows its new time.
        var reminder: Date?
        if let seriesID = current.seriesID, let wish = try await WishRecord.find(id, on: database) {
            guard draft.sendTime.date.year == wish.occurrenceYear else {
                throw AppError.validation(FieldErrors(["sendAt": "wishes.yearly.error.otherYear"]))
            }
            reminder = try await WishSeriesRecord.find(seriesID, on: database)?.reminder.time(before: draft.sendTime, now: now)
        }
        let remindAt = reminder
        try await database.writeTransaction { database in
            try await WishesRepository.holdSender(userID, on: database)
            try await checking(database)
            // Deliveries first, as a claim takes them: then this and a claim never wait on each other.
            try await WishDeliveryRecord.query(on: database).filter(\.$wish.$id == id).filter(\.$state == .pending).delete()
            let edited = WishRecord(draft: draft, senderID: userID, now: now)
            // The sending limits count an edited wish's recipients as scheduled now.
            let updated = try await database.sql().update(WishRecord.schema)
                .set("occasion", to: edited.occasion.rawValue).set("subject", to: edited.subject).set("message", to: edited.message)
                .set("photo", to: edited.photo).set("send_at", to: edited.sendAt).set("local_send_at", to: edited.localSendAt)
                .set("time_zone", to: edited.timeZone).set("posts_to_connections", to: edited.postsToConnections)
                .set("search_text", to: edited.searchText).set("created_at", to: edited.createdAt)
                .set("remind_at", to: remindAt)
                .where("id", .equal, id).where("sender_id", .equal, userID).where("state", .equal, WishRecord.State.scheduled.rawValue)
                .returning("id").all()
            let left = try await WishDeliveryRecord.query(on: database).filter(\.$wish.$id == id).count()
            guard updated.count == 1, left == 0 else { throw WishChangeRefusal.beingSent }
            try await WishRecipientRecord.query(on: database).filter(\.$id.$wish.$id == id).delete()
            try await WishesRepository.createParts(of: id, draft: draft, on: database)
        }
        return try await listing(id)
    }

    /// Cancels the pending deliveries of `wishes`, then refuses when one is being sent.
    private func stopDeliveries(of wishes: [UUID], now: Date, on database: any Database) async throws {
        try await WishDeliveryRecord.query(on: database)
            .set(\.$state, to: .cancelled).set(\.$lastError, to: DeliveryFailure.cancelled.rawValue).set(\.$finishedAt, to: now)
            .filter(\.$wish.$id ~~ wishes).filter(\.$state == .pending).update()
        let sending = try await WishDeliveryRecord.query(on: database).filter(\.$wish.$id ~~ wishes).filter(\.$state == .sending).count()
        if sending > 0 { throw WishChangeRefusal.beingSent }
    }

    // MARK: - Search history

    /// The phrases this user last searched `box` for, newest first.
    func searchHistory(_ box: WishBox) async throws -> SearchHistory {
        let rows = try await WishSearchPhraseRecord.query(on: database)
            .filter(\.$id.$user.$id == userID).filter(\.$id.$box == box).sort("position").all()
        return SearchHistory(rows.map(\.phrase))
    }

    /// Remembers that this user searched `box` for `phrase`; returns the history after it.
    @discardableResult
    func recordSearch(_ phrase: String, in box: WishBox) async throws -> SearchHistory {
        let history = try await searchHistory(box).recording(phrase)
        let rows = history.phrases.enumerated().map {
            WishSearchPhraseRecord(userID: userID, box: box, position: $0.offset, phrase: $0.element)
        }
        guard !rows.isEmpty else { return history }
        try await database.writeTransaction { database in
            // Written over place by place, so two searches at once never collide.
            try await database.sql().insert(into: WishSearchPhraseRecord.schema).fluentModels(rows)
                .onConflict(with: ["user_id", "box", "position"]) { $0.set(excludedValueOf: "phrase") }.run()
            try await WishSearchPhraseRecord.query(on: database).filter(\.$id.$user.$id == userID).filter(\.$id.$box == box)
                .filter(\.$id.$position >= rows.count).delete()
        }
        return history
    }
}
