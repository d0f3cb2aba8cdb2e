import Fluent
import Foundation

/// One recipient of a wish: an address at a position, in the order the sender gave them.
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

    init() {}

    init(wishID: UUID, position: Int, address: String) {
        self.id = IDValue(wishID: wishID, position: position)
        self.address = address
    }

    /// The rows of `addresses` for `wishID`, in order.
    static func rows(of addresses: [String], for wishID: UUID) -> [WishRecipientRecord] {
        addresses.enumerated().map { WishRecipientRecord(wishID: wishID, position: $0.offset, address: $0.element) }
    }
}
