import Fluent
import Foundation
import KineticCore

extension WishBoxes {
    /// How a thank-you went.
    enum Thanks: Equatable {
        /// It is in the Inbox of the sender, named so.
        case sent(to: String)
        /// This wish was thanked for already.
        case already
        /// The sender's account is gone.
        case senderGone
    }

    /// Sends `note` (checked by ``WishThanks/checked(_:)``) for the user's Inbox wish `id` to the
    /// Inbox of the Kinetic user who sent it, as a Thank you wish from `user`; 404 for an id
    /// that is not a wish someone sent to the user. Once per wish, however often it is asked: the
    /// thank-you's delivery id is the thanked wish's, and an Inbox takes a delivery once.
    func thank(_ id: UUID?, note: String, from user: User, now: Date) async throws -> Thanks {
        guard let id,
            let item = try await InboxWishRecord.query(on: database).filter(\.$id == id).filter(\.$recipient.$id == userID).first()
        else { throw AppError.notFound }
        // A wish someone sent: not a thank-you (no endless back and forth) nor one's own reminder.
        guard item.kind == .wish else { throw AppError.notFound }
        guard item.thankedAt == nil else { return .already }
        guard let wish = try await WishRecord.find(item.wishID, on: database),
            let sender = try await User.find(wish.$sender.id, on: database),
            let senderID = sender.id
        else { return .senderGone }
        let thanks = InboxWishRecord(
            of: (item.wishID, .thankYou, WishThanks.subject(replyingTo: item.subject), note, nil), deliveryID: id, recipientID: senderID,
            senderName: user.name, senderEmail: user.isVerified ? user.email : "", at: now, kind: .thanks)
        var outcome = Thanks.sent(to: sender.name)
        do {
            try await thanks.create(on: database)
        } catch let error as DatabaseError where error.isConstraintFailure {
            outcome = .already
        }
        try await InboxWishRecord.query(on: database).filter(\.$id == id).filter(\.$thankedAt == nil).set(\.$thankedAt, to: now).update()
        return outcome
    }
}
