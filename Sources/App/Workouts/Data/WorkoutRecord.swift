import Fluent
import Foundation
import KineticCore

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
    /// The playing that holds it (``WorkoutPlayLease``); nil when none ever claimed it.
    @OptionalField(key: "play_run_id") var playRunID: UUID?
    @OptionalField(key: "play_since") var playSince: Date?
    @OptionalField(key: "play_seen_at") var playSeenAt: Date?
    @OptionalField(key: "play_credited_seconds") var playCreditedSeconds: Int?

    init() {}
}

extension WorkoutRecord {
    /// Which playing holds it, if one ever claimed it.
    var playLease: WorkoutPlayLease? {
        get {
            guard let playRunID, let playSince, let playSeenAt else { return nil }
            return WorkoutPlayLease(runID: playRunID, since: playSince, seenAt: playSeenAt, creditedWorkSeconds: playCreditedSeconds ?? 0)
        }
        set {
            playRunID = newValue?.runID
            playSince = newValue?.since
            playSeenAt = newValue?.seenAt
            playCreditedSeconds = newValue?.creditedWorkSeconds
        }
    }

    /// No longer in progress (finished or started over); the caller saves.
    func forgetProgress() {
        progressExercise = nil
        progressSecondsLeft = nil
        progressUpdatedAt = nil
    }
}
