import Fluent
import Foundation

/// A source that recorded a user's steps (an iPhone, an Apple Watch, an app), kept so Steps
/// settings can list them without scanning every sample, and with the place the user gave it.
final class StepSourceRecord: Model, @unchecked Sendable {
    static let schema = "step_sources"

    @ID(custom: .id, generatedBy: .database) var id: Int?
    @Parent(key: "user_id") var user: User
    @Field(key: "name") var name: String
    /// `StepSourceKind.rawValue` of its samples not entered by hand.
    @Field(key: "kind") var kind: Int
    /// Its place in the user's order (0 first); nil while the default order applies.
    @OptionalField(key: "position") var position: Int?

    init() {}
}
