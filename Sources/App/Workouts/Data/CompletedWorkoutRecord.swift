import Fluent
import Foundation

/// A workout played to the end: what it worked, how long it was planned to last, how much of it
/// was done and whether that counts (``WorkoutEffort``; only those that count are what workout
/// goals count), kept when the workout itself is removed.
final class CompletedWorkoutRecord: Model, @unchecked Sendable {
    static let schema = "completed_workouts"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @OptionalParent(key: "workout_id") var workout: WorkoutRecord?
    /// Category names, JSON.
    @Field(key: "categories") var categories: String
    /// Muscle group names, JSON.
    @Field(key: "muscles") var muscles: String
    @Field(key: "seconds") var seconds: Int
    @Field(key: "completed_at") var completedAt: Date
    /// The run of the player that finished it (one per playing, made by the client), so a
    /// retried request is stored once; nil for a client that sends none.
    @OptionalField(key: "run_id") var runID: UUID?
    /// Exercise seconds worked and planned, and exercises skipped; nil on rows from before.
    @OptionalField(key: "worked_seconds") var workedSeconds: Int?
    @OptionalField(key: "planned_work_seconds") var plannedWorkSeconds: Int?
    @OptionalField(key: "skipped_exercises") var skippedExercises: Int?
    /// Enough was done for it to count (``WorkoutEffort/isComplete``).
    @Field(key: "counts") var counts: Bool

    init() {}
}
