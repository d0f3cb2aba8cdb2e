import Fluent
import Foundation
import KineticCore

/// One phrase of a user's search history of one list, at its place (0 is the newest).
final class WishSearchPhraseRecord: Model, @unchecked Sendable {
    static let schema = "wish_search_phrases"

    /// The user, the list and the place.
    final class IDValue: Fields, Hashable, @unchecked Sendable {
        @Parent(key: "user_id") var user: User
        @Field(key: "box") var box: WishBox
        @Field(key: "position") var position: Int

        init() {}

        init(userID: UUID, box: WishBox, position: Int) {
            self.$user.id = userID
            self.box = box
            self.position = position
        }

        static func == (lhs: IDValue, rhs: IDValue) -> Bool {
            lhs.$user.id == rhs.$user.id && lhs.box == rhs.box && lhs.position == rhs.position
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine($user.id)
            hasher.combine(box)
            hasher.combine(position)
        }
    }

    @CompositeID var id: IDValue?
    @Field(key: "phrase") var phrase: String

    init() {}

    init(userID: UUID, box: WishBox, position: Int, phrase: String) {
        self.id = IDValue(userID: userID, box: box, position: position)
        self.phrase = phrase
    }
}
