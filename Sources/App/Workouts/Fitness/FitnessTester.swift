import Fluent
import Foundation
import KineticCore

/// Runs a user's fitness tests: starts one (the seed's getFitnessTest), records each
/// exercise's rate or its skip, and, when every exercise has one, the overall level after it.
struct FitnessTester {
    let database: any Database
    let userID: UUID
    let catalogue: ExerciseCatalogue

    var results: ExerciseResultsRepository { ExerciseResultsRepository(database: database, userID: userID) }

    /// A new test of the picked exercises, filled up to its count (``FitnessTestPlan``).
    func start(_ input: FitnessTestInput.Validated, at now: Date) async throws -> FitnessTestRecord {
        let tracked = try await results.trackedExerciseIDs().sorted().compactMap(catalogue.exercise(id:))
        let exercises = FitnessTestPlan.exercises(
            category: input.category, count: input.count, picked: input.picked, tracked: tracked, equipment: input.equipment,
            catalogue: catalogue, seed: UInt64.random(in: 0...UInt64.max)
        )
        let test = FitnessTestRecord()
        test.$user.id = userID
        test.category = input.category.rawValue
        test.exerciseIDs = String(decoding: try JSONEncoder.sorted.encode(exercises.map(\.id)), as: UTF8.self)
        test.createdAt = now
        test.overallBefore = try await results.overallLevel()
        try await test.create(on: database)
        return test
    }

    /// Records what the motion log of `exerciseID` gave (nil: nothing repeated), replacing an
    /// earlier try of it in this test; 404 when the test has no such exercise.
    @discardableResult
    func record(
        _ estimate: RepRateEstimator.Estimate?, exerciseID: String, in test: FitnessTestRecord, at now: Date
    ) async throws -> ExerciseResultRecord {
        try await save(exerciseID: exerciseID, in: test, at: now) { row, exercise in
            row.skipped = false
            row.repsPerMinute = estimate?.repsPerMinute
            row.reps = estimate?.reps ?? 0
            row.confidence = estimate?.confidence ?? 0
            row.level = estimate.flatMap { FitnessLevel.level(repsPerMinute: $0.repsPerMinute, tempo: exercise.tempo) }
        }
    }

    /// "Skip exercise": the exercise counts as done in this test, without a rate.
    @discardableResult
    func skip(exerciseID: String, in test: FitnessTestRecord, at now: Date) async throws -> ExerciseResultRecord {
        try await save(exerciseID: exerciseID, in: test, at: now) { row, _ in
            row.skipped = true
            row.repsPerMinute = nil
            row.reps = nil
            row.confidence = nil
            row.level = nil
        }
    }

    private func save(
        exerciseID: String, in test: FitnessTestRecord, at now: Date, _ fill: (ExerciseResultRecord, Exercise) -> Void
    ) async throws -> ExerciseResultRecord {
        guard test.exercises.contains(exerciseID), let exercise = catalogue.exercise(id: exerciseID) else { throw AppError.notFound }
        let testID = try test.requireID()
        let row: ExerciseResultRecord
        if let earlier = try await results.results(of: testID)[exerciseID] {
            row = earlier
        } else {
            row = try await results.newRow(exerciseID, source: .test, at: now)
            row.$fitnessTest.id = testID
        }
        row.recordedAt = now
        fill(row, exercise)
        do {
            try await row.save(on: database)
        } catch let error as DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(messageKey: "error.fitness.alreadyRecorded")
        }
        try await finishIfDone(test, at: now)
        return row
    }

    /// When every exercise of `test` has a row: completed, with the overall level after it.
    private func finishIfDone(_ test: FitnessTestRecord, at now: Date) async throws {
        let done = try await results.results(of: test.requireID())
        guard test.exercises.allSatisfy({ done[$0] != nil }) else { return }
        if test.completedAt == nil { test.completedAt = now }
        test.overallAfter = try await results.overallLevel()
        try await test.save(on: database)
    }
}
