import Fluent
import Foundation
import KineticCore

/// A workout goal (``WorkoutGoal`` as JSON) and when it was set.
final class WorkoutGoalRecord: Model, @unchecked Sendable {
    static let schema = "workout_goals"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "name") var name: String
    @Field(key: "goal") var goalJSON: String
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date
    /// The last local day its reminder was sent to its owner's devices (`2026-11-29`).
    @OptionalField(key: "reminded_on") var remindedOn: String?

    init() {}

    var goal: WorkoutGoal {
        get throws { try JSONDecoder().decode(WorkoutGoal.self, from: Data(goalJSON.utf8)) }
    }

    func set(_ goal: WorkoutGoal) throws {
        name = goal.name
        goalJSON = String(decoding: try JSONEncoder.sorted.encode(goal), as: UTF8.self)
    }
}
