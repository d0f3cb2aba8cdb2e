import Fluent
import Foundation

/// A period one source's deliveries on one channel are the truth for (``StepClaim``): the
/// union of what every delivery claimed, one row per separate stretch.
final class StepClaimRecord: Model, @unchecked Sendable {
    static let schema = "step_claims"

    @ID(custom: .id, generatedBy: .database) var id: Int?
    @Parent(key: "user_id") var user: User
    @Field(key: "source_name") var sourceName: String
    @Field(key: "channel") var channel: Int
    @Field(key: "start_at") var startAt: Double
    @Field(key: "end_at") var endAt: Double

    init() {}
}
