import Fluent
import Foundation

/// A generated workout a user keeps: the selection and seed it came from, its plan (the
/// exercises, their times and songs, as JSON), whether it is saved, and where it was paused
/// (an "In Progress" workout). A generated workout that was never saved nor paused is a draft.
final class WorkoutRecord: Model, @unchecked Sendable {
    static let schema = "workouts"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// The selection as the API takes it (``WorkoutSelectionInput``), JSON.
    @Field(key: "selection") var selection: String
    @Field(key: "seed") var seed: Int64
    /// ``WorkoutPlan`` as JSON.
    @Field(key: "plan") var plan: String
    @Field(key: "total_seconds") var totalSeconds: Int
    /// The plan's steps, one per set.
    @Field(key: "exercise_count") var exerciseCount: Int
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "saved_at") var savedAt: Date?
    @OptionalField(key: "progress_exercise") var progressExercise: Int?
    @OptionalField(key: "progress_seconds_left") var progressSecondsLeft: Int?
    @OptionalField(key: "progress_updated_at") var progressUpdatedAt: Date?

    init() {}
}

extension WorkoutRecord {
    /// No longer in progress (finished or started over); the caller saves.
    func forgetProgress() {
        progressExercise = nil
        progressSecondsLeft = nil
        progressUpdatedAt = nil
    }
}
