import Fluent
import Foundation
import KineticCore

/// One recipient of a wish: an address at a position, in the order the sender gave them, and
/// how they get it.
final class WishRecipientRecord: Model, @unchecked Sendable {
    static let schema = "wish_recipients"

    /// The wish and the recipient's position in it.
    final class IDValue: Fields, Hashable, @unchecked Sendable {
        @Parent(key: "wish_id") var wish: WishRecord
        @Field(key: "position") var position: Int

        init() {}

        init(wishID: UUID, position: Int) {
            self.$wish.id = wishID
            self.position = position
        }

        static func == (lhs: IDValue, rhs: IDValue) -> Bool {
            lhs.$wish.id == rhs.$wish.id && lhs.position == rhs.position
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine($wish.id)
            hasher.combine(position)
        }
    }

    @CompositeID var id: IDValue?
    @Field(key: "address") var address: String
    @Field(key: "reach") var reach: RecipientReach

    init() {}

    init(wishID: UUID, position: Int, recipient: WishRecipient) {
        self.id = IDValue(wishID: wishID, position: position)
        self.address = recipient.address
        self.reach = recipient.reach
    }

    /// The rows of `recipients` for `wishID`, in order.
    static func rows(of recipients: [WishRecipient], for wishID: UUID) -> [WishRecipientRecord] {
        recipients.enumerated().map { WishRecipientRecord(wishID: wishID, position: $0.offset, recipient: $0.element) }
    }

    var recipient: WishRecipient { WishRecipient(address: address, reach: reach) }
}
