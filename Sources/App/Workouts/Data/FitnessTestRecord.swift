import Fluent
import Foundation

/// A fitness test: its category, the exercises it tests in order, and the user's overall level
/// before it and, once every exercise has a result or was skipped, after it.
final class FitnessTestRecord: Model, @unchecked Sendable {
    static let schema = "fitness_tests"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "category") var category: String
    /// The catalogue ids of the exercises to test, JSON.
    @Field(key: "exercise_ids") var exerciseIDs: String
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "completed_at") var completedAt: Date?
    @OptionalField(key: "overall_before") var overallBefore: Int?
    @OptionalField(key: "overall_after") var overallAfter: Int?

    init() {}

    var exercises: [String] {
        (try? JSONDecoder().decode([String].self, from: Data(exerciseIDs.utf8))) ?? []
    }
}
