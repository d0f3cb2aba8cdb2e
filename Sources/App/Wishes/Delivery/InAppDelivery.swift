import Fluent
import Foundation
import KineticCore
import SQLKit

/// Delivers a wish into a recipient's Inbox: a copy of it, inserted once per delivery (the
/// delivery's id is unique in `wish_inbox`), in the same transaction that marks it delivered.
struct InAppDelivery {
    let database: any Database
    let queue: WishDeliveryQueue

    enum Outcome: Equatable {
        case delivered
        /// No Kinetic account has the address: it will not get one by trying again.
        case noAccount
        /// Another instance took the delivery over (this one's lease ran out).
        case leaseLost
    }

    func deliver(_ delivery: WishDeliveryRecord, of wish: WishRecord, now: Date) async throws -> Outcome {
        let address = delivery.recipient ?? ""
        guard let recipient = try await User.query(on: database).filter(\.$email == address).first(), let recipientID = recipient.id,
              let sender = try await User.find(wish.senderID, on: database) else {
            return try await queue.failed(delivery.id, reason: DeliveryFailure.noAccount.rawValue, now: now) ? .noAccount : .leaseLost
        }
        let item = InboxWishRecord(
            id: UUID(), recipientID: recipientID, deliveryID: delivery.id, wishID: wish.id, senderName: sender.name, senderEmail: sender.email,
            occasion: wish.occasion, subject: wish.subject, message: wish.message, photo: wish.photo,
            receivedAt: now.timeIntervalSince1970, readAt: nil,
            searchText: WishSearchText.folded([wish.subject, wish.message, sender.name, sender.email])
        )
        return try await database.transaction { database in
            try await database.sql().insert(into: InboxWishRecord.schema).model(item, nilEncodingStrategy: .asNil)
                .ignoringConflicts(with: ["delivery_id"]).run()
            return try await queue.delivered(delivery.id, externalID: item.id.uuidString.lowercased(), now: now, on: database) ? .delivered : .leaseLost
        }
    }
}
