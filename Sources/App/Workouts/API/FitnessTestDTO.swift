import Foundation
import KineticCore
import Vapor

/// What `POST /api/v1/fitness-tests/rate` answers: the rate of the motion log, or null with 0
/// reps when nothing repeated in it.
struct RepRateDTO: Content {
    @NullEncoded var repsPerMinute: Double?
    let reps: Int
    /// How periodic the movement was, 0–1 (the autocorrelation at the period).
    let confidence: Double
    @NullEncoded var periodSeconds: Double?

    init(_ estimate: RepRateEstimator.Estimate?) {
        repsPerMinute = estimate.map { ($0.repsPerMinute * 10).rounded() / 10 }
        reps = estimate?.reps ?? 0
        confidence = estimate.map { ($0.confidence * 100).rounded() / 100 } ?? 0
        periodSeconds = estimate.map { ($0.periodSeconds * 1000).rounded() / 1000 }
    }
}

/// One exercise's result in one test.
struct ExerciseResultDTO: Content {
    let recordedAt: String
    let skipped: Bool
    @NullEncoded var repsPerMinute: Double?
    @NullEncoded var reps: Int?
    @NullEncoded var confidence: Double?
    /// 1–10 (``FitnessLevel``); null when skipped or nothing repeated.
    @NullEncoded var level: Int?

    init(_ row: FitnessTestReport.Result) {
        recordedAt = row.recordedAt.formatted(.iso8601)
        skipped = row.skipped
        repsPerMinute = row.repsPerMinute.map { ($0 * 10).rounded() / 10 }
        reps = row.reps
        confidence = row.confidence.map { ($0 * 100).rounded() / 100 }
        level = row.level
    }
}

/// A fitness test: its exercises in order, each with this test's result (null until tested),
/// up to three earlier results, its level and whether it went up; the overall level before
/// and after, and whether the user levelled up.
struct FitnessTestDTO: Content {
    struct Item: Content {
        let exercise: ExerciseDTO
        let tracked: Bool
        @NullEncoded var result: ExerciseResultDTO?
        let previous: [ExerciseResultDTO]
        @NullEncoded var level: Int?
        @NullEncoded var previousLevel: Int?
        let levelledUp: Bool
    }

    let id: UUID
    let category: String
    let createdAt: String
    @NullEncoded var completedAt: String?
    let complete: Bool
    @NullEncoded var nextExerciseId: String?
    @NullEncoded var overallLevelBefore: Int?
    @NullEncoded var overallLevelAfter: Int?
    let levelledUp: Bool
    let exercises: [Item]

    init(_ report: FitnessTestReport, l: Localizer) {
        id = report.id
        category = report.category.rawValue
        createdAt = report.createdAt.formatted(.iso8601)
        completedAt = report.completedAt?.formatted(.iso8601)
        complete = report.isComplete
        nextExerciseId = report.next?.exercise.id
        overallLevelBefore = report.overallBefore
        overallLevelAfter = report.isComplete ? report.overallAfter : nil
        levelledUp = report.levelledUp
        exercises = report.items.map { item in
            Item(
                exercise: ExerciseDTO(item.exercise, l: l), tracked: item.tracked, result: item.result.map(ExerciseResultDTO.init),
                previous: item.previous.map(ExerciseResultDTO.init), level: item.level, previousLevel: item.previousLevel,
                levelledUp: item.levelledUp
            )
        }
    }
}

/// A tracked exercise (`GET /api/v1/tracked-exercises`) with its latest level, if tested.
struct TrackedExerciseDTO: Content {
    let exercise: ExerciseDTO
    let tracked: Bool
    @NullEncoded var latestLevel: Int?
}
