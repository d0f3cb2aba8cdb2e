import Foundation
import KineticCore

/// A fitness test as its runner and its results show it: each exercise with this test's result,
/// the results of earlier tests (newest first), its level and whether it went up, whether the
/// user tracks it; and the overall level before and after.
struct FitnessTestReport {
    /// One exercise's result in one test, as pages and the API see it.
    struct Result {
        let recordedAt: Date
        let skipped: Bool
        let repsPerMinute: Double?
        let reps: Int?
        let confidence: Double?
        let level: Int?

        init(_ row: ExerciseResultRecord) {
            recordedAt = row.recordedAt
            skipped = row.skipped
            repsPerMinute = row.repsPerMinute
            reps = row.reps
            confidence = row.confidence
            level = row.level
        }
    }

    struct Item {
        let exercise: Exercise
        let result: Result?
        let previous: [Result]
        let tracked: Bool

        var isDone: Bool { result != nil }
        var level: Int? { result?.level }
        var previousLevel: Int? { previous.first?.level }
        var levelledUp: Bool { FitnessLevel.levelledUp(from: previousLevel, to: level) }
    }

    /// How many earlier results each exercise shows.
    static let previousShown = 3

    let id: UUID
    let category: Exercise.Category
    let createdAt: Date
    let completedAt: Date?
    let items: [Item]
    let overallBefore: Int?
    let overallAfter: Int?

    var isComplete: Bool { items.allSatisfy(\.isDone) }
    /// The first exercise without a result: the one the runner tests now.
    var next: Item? { items.first { !$0.isDone } }
    var position: Int { items.count - items.filter { !$0.isDone }.count }
    /// This test's exercises that had a level before, then and now (``FitnessLevel/comparison(_:)``).
    var comparison: (before: Int, after: Int)? {
        FitnessLevel.comparison(
            items.compactMap { item in item.level.flatMap { after in item.previousLevel.map { (before: $0, after: after) } } })
    }
    /// Whether the user levelled up: like with like, never across exercises.
    var levelledUp: Bool { isComplete && FitnessLevel.levelledUp(from: comparison?.before, to: comparison?.after) }

    static func load(
        _ test: FitnessTestRecord, results: ExerciseResultsRepository, catalogue: ExerciseCatalogue
    ) async throws -> FitnessTestReport {
        let done = try await results.results(of: test.requireID())
        let tracked = try await results.trackedExerciseIDs()
        var items: [Item] = []
        for exercise in test.exercises.compactMap(catalogue.exercise(id:)) {
            let previous = try await results.levelledResults(of: exercise.id, before: test.createdAt, limit: previousShown)
            items.append(
                Item(
                    exercise: exercise, result: done[exercise.id].map(Result.init), previous: previous.map(Result.init),
                    tracked: tracked.contains(exercise.id)
                ))
        }
        return FitnessTestReport(
            id: try test.requireID(), category: Exercise.Category(rawValue: test.category) ?? .strength, createdAt: test.createdAt,
            completedAt: test.completedAt, items: items, overallBefore: test.overallBefore, overallAfter: test.overallAfter
        )
    }
}
