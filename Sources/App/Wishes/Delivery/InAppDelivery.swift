import Fluent
import Foundation
import KineticCore
import SQLKit

/// Delivers a wish into a recipient's Inbox: a copy of it, inserted once per delivery (the
/// delivery's id is unique in `wish_inbox`), in the same transaction that marks it delivered.
struct InAppDelivery {
    let database: any Database
    let queue: WishDeliveryQueue
    /// Tells the recipient's devices a wish arrived.
    var notifier: PushNotifier = .none

    enum Outcome: Equatable {
        case delivered
        /// No Kinetic account confirmed the address in time (or the sender is gone).
        case noAccount
        /// No account has confirmed the address yet: it waits for its owner.
        case waiting
        /// Another instance took the delivery over (this one's lease ran out).
        case leaseLost
    }

    /// Delivers to the account that confirmed the recipient's address; while none has, the
    /// delivery waits for its owner (``InAppWait``), then fails with that reason. The sender's
    /// address goes along only when the sender confirmed it.
    func deliver(_ delivery: WishDeliveryRecord, of wish: WishRecord, now: Date) async throws -> Outcome {
        let deliveryID = try delivery.requireID()
        let address = delivery.recipient ?? ""
        guard let sender = try await User.find(wish.$sender.id, on: database) else {
            return try await queue.failed(deliveryID, reason: DeliveryFailure.noAccount.rawValue, now: now) ? .noAccount : .leaseLost
        }
        guard let recipient = try await User.query(on: database).filter(\.$email == address).filter(\.$emailVerifiedAt != nil).first(),
            let recipientID = recipient.id
        else {
            if let next = InAppWait.nextLook(sendTime: wish.sendAt.timeIntervalSince1970, now: now.timeIntervalSince1970) {
                return try await queue.wait(deliveryID, until: Date(timeIntervalSince1970: next), because: .waitingForOwner)
                    ? .waiting : .leaseLost
            }
            return try await queue.failed(deliveryID, reason: DeliveryFailure.noConfirmedAccount.rawValue, now: now)
                ? .noAccount : .leaseLost
        }
        let item = InboxWishRecord(
            of: (try wish.requireID(), wish.occasion, wish.subject, wish.message, wish.photo), deliveryID: deliveryID,
            recipientID: recipientID, senderName: sender.name, senderEmail: sender.isVerified ? sender.email : "", at: now
        )
        let itemID = item.id?.uuidString.lowercased() ?? ""
        return try await database.writeTransaction { database in
            try await database.sql().insert(into: InboxWishRecord.schema).fluentModel(item).ignoringConflicts(with: ["delivery_id"]).run()
            guard try await queue.delivered(deliveryID, externalID: itemID, now: now, on: database) else { return .leaseLost }
            try await notifier.notify(recipientID, of: .wishArrived, on: database) { l in
                PushMessage(
                    kind: .wishArrived, title: l.t("notifications.wishArrived.title", item.senderName), body: wish.subject,
                    url: SiteURL.wishes(.wish(id: itemID)).path, topic: "wish-" + String(itemID.prefix(27)))
            }
            return .delivered
        }
    }

    /// Makes the pending in-app deliveries to `email` due at `now`, so those waiting for the
    /// address's owner go out in the next round.
    static func wakeWaiting(for email: String, on database: any Database, now: Date) async throws {
        try await WishDeliveryRecord.query(on: database).set(\.$dueAt, to: now)
            .filter(\.$recipient == email).filter(\.$channel == .inApp).filter(\.$state == .pending).filter(\.$dueAt > now)
            .update()
    }
}
