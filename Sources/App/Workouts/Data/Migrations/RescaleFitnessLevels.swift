import Fluent
import Foundation
import KineticCore

/// Fitness levels move to the scale of ``FitnessLevel``. Before, a level was a tenth of the
/// tempo a step (1 + ⌊(r − 0.4) ÷ 0.1⌋), so 30 % over the tempo was already 10 of 10.
///
/// Every stored test result with a rate gets its level again from the rate and the exercise's
/// tempo, and every test its overall level before and after again from those (the latest
/// level of each exercise recorded before the test began, and by the time it was completed).
/// A rate of an exercise no longer in the catalogue keeps its level. Reverting works the levels
/// out on the old scale, the same way.
struct RescaleFitnessLevels: AsyncMigration {
    /// The catalogue the tempos come from, read only when there are results to rescale.
    let catalogue: @Sendable () throws -> ExerciseCatalogue

    func prepare(on database: Database) async throws {
        try await rescale(on: database) { rate, tempo in FitnessLevel.level(repsPerMinute: rate, tempo: tempo) }
    }

    func revert(on database: Database) async throws {
        try await rescale(on: database, to: Self.oldLevel)
    }

    /// The old scale, for reverting.
    static func oldLevel(repsPerMinute rate: Double, tempo: ExerciseTempo) -> Int? {
        guard let ratio = FitnessLevel.paceRatio(repsPerMinute: rate, tempo: tempo) else { return nil }
        return Int(min(max(1 + ((ratio - 0.4) / 0.1 + 1e-9).rounded(.down), 1), 10))
    }

    private func rescale(on database: Database, to level: @escaping @Sendable (Double, ExerciseTempo) -> Int?) async throws {
        let rows = try await ExerciseResultRecord.query(on: database).filter(\.$repsPerMinute != nil).filter(\.$level != nil).all()
        guard !rows.isEmpty else { return }
        let catalogue = try catalogue()
        try await database.transaction { transaction in
            for row in rows {
                guard let rate = row.repsPerMinute, let exercise = catalogue.exercise(id: row.exerciseID) else { continue }
                let rescaled = level(rate, exercise.tempo)
                guard rescaled != row.level else { continue }
                row.level = rescaled
                try await row.update(on: transaction)
            }
            let levelled = try await ExerciseResultRecord.query(on: transaction).filter(\.$level != nil).all()
            let byUser = Dictionary(grouping: levelled, by: \.$user.id)
            for test in try await FitnessTestRecord.query(on: transaction).all() {
                let results = byUser[test.$user.id] ?? []
                test.overallBefore = Self.overall(of: results, where: { $0.recordedAt < test.createdAt })
                if let completed = test.completedAt {
                    test.overallAfter = Self.overall(of: results, where: { $0.recordedAt <= completed })
                }
                try await test.update(on: transaction)
            }
        }
    }

    /// The overall level over the latest level of each exercise among the results that count.
    private static func overall(of results: [ExerciseResultRecord], where counts: (ExerciseResultRecord) -> Bool) -> Int? {
        var latest: [String: (at: Date, level: Int)] = [:]
        for row in results where counts(row) {
            guard let level = row.level else { continue }
            if let known = latest[row.exerciseID], known.at >= row.recordedAt { continue }
            latest[row.exerciseID] = (row.recordedAt, level)
        }
        return FitnessLevel.overall(latestLevels: latest.values.map(\.level))
    }
}
