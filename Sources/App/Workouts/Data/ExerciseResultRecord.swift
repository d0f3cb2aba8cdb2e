import Fluent
import Foundation

/// One row per exercise a user did: tested in a fitness test (with its rate and level, or
/// skipped), finished in a workout, or only marked to be tracked. `tracked` is the same on every
/// row of a user and exercise (the seed's tracked bit; toggling sets them all).
final class ExerciseResultRecord: Model, @unchecked Sendable {
    static let schema = "exercise_results"

    enum Source: String { case test, workout, tracking }

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "exercise_id") var exerciseID: String
    @Field(key: "source") var source: String
    @OptionalParent(key: "fitness_test_id") var fitnessTest: FitnessTestRecord?
    @OptionalParent(key: "completed_workout_id") var completedWorkout: CompletedWorkoutRecord?
    @OptionalField(key: "reps_per_minute") var repsPerMinute: Double?
    @OptionalField(key: "reps") var reps: Int?
    @OptionalField(key: "confidence") var confidence: Double?
    @OptionalField(key: "level") var level: Int?
    @Field(key: "skipped") var skipped: Bool
    @Field(key: "tracked") var tracked: Bool
    @Field(key: "recorded_at") var recordedAt: Date

    init() {}

    init(userID: UUID, exerciseID: String, source: Source, tracked: Bool, at date: Date) {
        self.$user.id = userID
        self.exerciseID = exerciseID
        self.source = source.rawValue
        self.skipped = false
        self.tracked = tracked
        self.recordedAt = date
    }
}
