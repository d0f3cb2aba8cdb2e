import Fluent
import Foundation
import KineticCore

/// One user's exercise results and which exercises they track; another user's are never read.
struct ExerciseResultsRepository {
    let database: any Database
    let userID: UUID

    private var rows: QueryBuilder<ExerciseResultRecord> {
        ExerciseResultRecord.query(on: database).filter(\.$user.$id == userID)
    }

    /// The seed's isTracked: whether the user tracks `exerciseID`.
    func isTracked(_ exerciseID: String) async throws -> Bool {
        try await rows.filter(\.$exerciseID == exerciseID).filter(\.$tracked == true).first() != nil
    }

    /// The exercises the user tracks (the seed's getTrackedExercises, before the category).
    func trackedExerciseIDs() async throws -> Set<String> {
        Set(try await rows.filter(\.$tracked == true).field(\.$exerciseID).all().map(\.exerciseID))
    }

    /// The seed's toggleTracked, as a set: every row of the user and exercise gets `tracked`;
    /// tracking an exercise with no row yet adds one that only says so.
    func setTracked(_ exerciseID: String, _ tracked: Bool, at date: Date) async throws {
        try await database.writeTransaction { transaction in
            let repository = ExerciseResultsRepository(database: transaction, userID: userID)
            let updated = try await repository.rows.filter(\.$exerciseID == exerciseID).count()
            if updated > 0 {
                try await repository.rows.filter(\.$exerciseID == exerciseID).set(\.$tracked, to: tracked).update()
            } else if tracked {
                try await ExerciseResultRecord(userID: userID, exerciseID: exerciseID, source: .tracking, tracked: true, at: date).create(
                    on: transaction)
            }
        }
    }

    /// A new row for `exerciseID`, tracked as the user's other rows of it are.
    func newRow(_ exerciseID: String, source: ExerciseResultRecord.Source, at date: Date) async throws -> ExerciseResultRecord {
        ExerciseResultRecord(userID: userID, exerciseID: exerciseID, source: source, tracked: try await isTracked(exerciseID), at: date)
    }

    /// Test results with a level, newest first: of `exerciseID` before `date`, at most `limit`.
    func levelledResults(of exerciseID: String, before date: Date, limit: Int) async throws -> [ExerciseResultRecord] {
        try await rows.filter(\.$exerciseID == exerciseID).filter(\.$level != nil).filter(\.$recordedAt < date)
            .sort(\.$recordedAt, .descending).limit(limit).all()
    }

    /// The latest level of each exercise the user has a level in.
    func latestLevels() async throws -> [String: Int] {
        var latest: [String: Int] = [:]
        for row in try await rows.filter(\.$level != nil).sort(\.$recordedAt, .descending).all() where latest[row.exerciseID] == nil {
            latest[row.exerciseID] = row.level
        }
        return latest
    }

    /// Each tested exercise's latest measured rate (reps a minute), by exercise id: what sets
    /// its tempo in the user's next workouts (``ExerciseTempo/of(_:measuredRate:)``).
    func latestRates() async throws -> [String: Double] {
        var latest: [String: Double] = [:]
        for row in try await rows.filter(\.$repsPerMinute != nil).filter(\.$skipped == false).sort(\.$recordedAt, .descending).all()
        where latest[row.exerciseID] == nil {
            latest[row.exerciseID] = row.repsPerMinute
        }
        return latest
    }

    /// The user's overall level now (``FitnessLevel/overall(latestLevels:)``); nil before any level.
    func overallLevel() async throws -> Int? {
        FitnessLevel.overall(latestLevels: Array(try await latestLevels().values))
    }

    /// The rows of one fitness test, by exercise.
    func results(of testID: UUID) async throws -> [String: ExerciseResultRecord] {
        let found = try await rows.filter(\.$fitnessTest.$id == testID).all()
        return Dictionary(found.map { ($0.exerciseID, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
