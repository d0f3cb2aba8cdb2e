import Fluent
import Foundation
import KineticCore

/// Reads and writes wishes for one database.
struct WishesRepository {
    let database: any Database

    /// Schedules `draft` (its reaches settled) for `senderID`: the wish, its recipients, and one
    /// delivery per recipient and channel of their reach (one per wish on Connections), all in
    /// one transaction, each delivery due at the wish's send time.
    func schedule(_ draft: WishDraft, from senderID: UUID, now: Date) async throws -> WishRecord {
        let wish = WishRecord(draft: draft, senderID: senderID, now: now)
        try await database.transaction { database in
            try await wish.create(on: database)
            try await Self.createParts(of: try wish.requireID(), draft: draft, on: database)
        }
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
