import Fluent
import Foundation
import KineticCore
import SQLKit

/// Reads and writes wishes for one database.
struct WishesRepository {
    let database: any Database

    /// Schedules `draft` (its reaches settled) for `senderID`: the wish, its recipients, and one
    /// delivery per recipient and channel of their reach (one per wish on Connections), all in
    /// one transaction, each delivery due at the wish's send time.
    /// `checking` runs first in the transaction, the sender held (``holdSender(_:on:)``).
    func schedule(
        _ draft: WishDraft, from senderID: UUID, now: Date, checking: @escaping SenderCheck = { _ in }
    ) async throws -> WishRecord {
        let wish = WishRecord(draft: draft, senderID: senderID, now: now)
        try await database.writeTransaction { database in
            try await Self.holdSender(senderID, on: database)
            try await checking(database)
            try await wish.create(on: database)
            try await Self.createParts(of: try wish.requireID(), draft: draft, on: database)
        }
        return wish
    }

    /// Starts a yearly wish of `draft` for `senderID`: the series, and its first year's wish
    /// (scheduled as ``schedule(_:from:now:)`` does), in one transaction.
    func scheduleYearly(
        _ draft: WishDraft, reminder: YearlyReminder, from senderID: UUID, now: Date, checking: @escaping SenderCheck = { _ in }
    ) async throws -> WishRecord {
        let series = WishSeriesRecord(draft: draft, reminder: reminder, senderID: senderID, now: now)
        return try await database.writeTransaction { database in
            try await Self.holdSender(senderID, on: database)
            try await checking(database)
            // One yearly wish on each contact's birthday: a second would wish them twice a year.
            if let contactID = draft.birthdayAnchor?.contactID,
                try await WishSeriesRecord.query(on: database).filter(\.$sender.$id == senderID)
                    .filter(\.$birthdayContactID == contactID).filter(\.$state != .ended).first() != nil
            {
                throw AppError.conflict(messageKey: "wishes.yearly.error.birthdayTaken")
            }
            try await series.create(on: database)
            let seriesID = try series.requireID()
            try await draft.addressees.enumerated().map {
                WishSeriesRecipientRecord(seriesID: seriesID, position: $0.offset, recipient: $0.element)
            }
            .create(on: database)
            return try await Self.createOccurrence(of: series, at: draft.sendTime, draft: draft, now: now, on: database)
        }
    }

    /// A check of what a sender may schedule, made inside the transaction that schedules it.
    typealias SenderCheck = @Sendable (any Database) async throws -> Void

    /// Holds `senderID`'s account row to the end of the transaction before anything is read (a
    /// write that changes nothing: PostgreSQL locks the row, SQLite takes its write lock), so a
    /// sender's parallel requests check and record their wishes one after another: two cannot
    /// both pass a sending limit that only one fits under.
    static func holdSender(_ senderID: UUID, on database: any Database) async throws {
        try await database.sql().update(User.schema).set("name", to: SQLColumn("name")).where("id", .equal, senderID).run()
    }

    /// The wish of `series` for the year of `sendTime`, scheduled with its reminder; a
    /// constraint failure when that year's wish exists.
    static func createOccurrence(
        of series: WishSeriesRecord, at sendTime: WishSendTime, draft: WishDraft, now: Date, on database: any Database
    ) async throws -> WishRecord {
        let wish = WishRecord(draft: draft, senderID: series.$sender.id, now: now)
        wish.seriesID = try series.requireID()
        wish.occurrenceYear = sendTime.date.year
        wish.remindAt = series.reminder.time(before: sendTime, now: now)
        try await wish.create(on: database)
        try await createParts(of: try wish.requireID(), draft: draft, on: database)
        return wish
    }

    /// The wish with `id`, whoever sent it.
    func wish(_ id: UUID) async throws -> WishRecord? {
        try await WishRecord.find(id, on: database)
    }

    /// Its recipients' addresses, in the order given.
    func recipients(of wishID: UUID) async throws -> [String] {
        try await WishRecipientRecord.query(on: database).filter(\.$id.$wish.$id == wishID).sort("position").all().map(\.address)
    }

    /// Its deliveries, by channel and then recipient.
    func deliveries(of wishID: UUID) async throws -> [WishDeliveryRecord] {
        try await WishDeliveryRecord.query(on: database).filter(\.$wish.$id == wishID).sort(\.$channel).sort(\.$recipient).all()
    }

    /// The recipients and pending deliveries of a wish of `draft` (new, or edited after its old
    /// ones were removed).
    static func createParts(of wishID: UUID, draft: WishDraft, on database: any Database) async throws {
        try await WishRecipientRecord.rows(of: draft.addressees, for: wishID).create(on: database)
        try await WishDeliveryRecord.pending(
            for: wishID, due: draft.sendTime.instant, recipients: draft.addressees, postsToConnections: draft.postsToConnections
        ).create(on: database)
    }
}
