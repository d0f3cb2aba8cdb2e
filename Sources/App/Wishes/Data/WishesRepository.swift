import Fluent
import Foundation
import KineticCore
import SQLKit

/// Reads and writes wishes for one database.
struct WishesRepository {
    let database: any Database

    /// Schedules `draft` for `senderID`: the wish, its recipients and one delivery per recipient
    /// and channel (one per wish on Connections), all in one transaction, each delivery due at
    /// the wish's send time.
    func schedule(_ draft: WishDraft, from senderID: UUID, now: Date) async throws -> WishRecord {
        let wish = WishRecord(
            id: UUID(), senderID: senderID, state: .scheduled, occasion: draft.occasion.rawValue, subject: draft.subject,
            message: draft.message, photo: draft.photo?.description, sendAt: draft.sendTime.instant.timeIntervalSince1970,
            localSendAt: draft.sendTime.localDateTime, timeZone: draft.sendTime.timeZone.identifier,
            channels: draft.channels.map(\.rawValue).joined(separator: ","),
            searchText: WishSearchText.folded([draft.subject, draft.message] + draft.recipients),
            createdAt: now.timeIntervalSince1970, dispatchedAt: nil
        )
        let recipients = draft.recipients.enumerated().map {
            WishRecipientRecord(wishID: wish.id, position: $0.offset, address: $0.element)
        }
        let deliveries = Self.newDeliveries(for: wish.id, due: wish.sendAt, channels: draft.channels, recipients: draft.recipients)
        try await database.transaction { database in
            let sql = try database.sql()
            try await sql.insert(into: WishRecord.schema).model(wish, nilEncodingStrategy: .asNil).run()
            try await sql.insert(into: WishRecipientRecord.schema).models(recipients, nilEncodingStrategy: .asNil).run()
            try await sql.insert(into: WishDeliveryRecord.schema).models(deliveries, nilEncodingStrategy: .asNil).run()
        }
        return wish
    }

    /// The wish with `id`, whoever sent it.
    func wish(_ id: UUID) async throws -> WishRecord? {
        try await database.sql().select().column("*").from(WishRecord.schema).where("id", .equal, id)
            .first(decoding: WishRecord.self)
    }

    /// Its recipients' addresses, in the order given.
    func recipients(of wishID: UUID) async throws -> [String] {
        try await database.sql().select().column("address").from(WishRecipientRecord.schema).where("wish_id", .equal, wishID)
            .orderBy("position").all().map { try $0.decode(column: "address", as: String.self) }
    }

    /// Its deliveries, by channel and then recipient.
    func deliveries(of wishID: UUID) async throws -> [WishDeliveryRecord] {
        try await database.sql().select().column("*").from(WishDeliveryRecord.schema).where("wish_id", .equal, wishID)
            .orderBy("channel").orderBy("recipient")
            .all(decoding: WishDeliveryRecord.self)
    }

    /// One pending delivery per recipient and channel (one per wish on Connections), due at `due`.
    static func newDeliveries(for wishID: UUID, due: Double, channels: [WishChannel], recipients: [String]) -> [WishDeliveryRecord] {
        channels.flatMap { channel -> [WishDeliveryRecord] in
            let addresses: [String?] = channel.isPerRecipient ? recipients : [nil]
            return addresses.map {
                WishDeliveryRecord(
                    id: UUID(), wishID: wishID, channel: channel.rawValue, recipient: $0, state: DeliveryState.pending.rawValue,
                    dueAt: due, attempts: 0, leaseOwner: nil, leaseUntil: nil, lastError: nil, finishedAt: nil, externalID: nil)
            }
        }
    }
}
