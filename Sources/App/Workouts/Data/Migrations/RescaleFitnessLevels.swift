import Fluent
import Foundation
import KineticCore

/// Fitness levels move to the scale that does not saturate (``FitnessLevel``): every stored
/// test result with a rate gets its level again from the rate and the exercise's tempo. A rate
/// of an exercise no longer in the catalogue keeps its level. Reverting leaves the new levels:
/// the old scale cannot be told from them, and a rate is what a level is made from.
struct RescaleFitnessLevels: AsyncMigration {
    /// The catalogue the tempos come from (read when the migration runs).
    let catalogue: @Sendable () throws -> ExerciseCatalogue

    func prepare(on database: Database) async throws {
        let catalogue = try catalogue()
        try await database.transaction { transaction in
            let rows = try await ExerciseResultRecord.query(on: transaction).filter(\.$repsPerMinute != nil).filter(\.$level != nil).all()
            for row in rows {
                guard let rate = row.repsPerMinute, let exercise = catalogue.exercise(id: row.exerciseID) else { continue }
                let level = FitnessLevel.level(repsPerMinute: rate, tempo: exercise.tempo)
                guard level != row.level else { continue }
                row.level = level
                try await row.update(on: transaction)
            }
        }
    }

    func revert(on database: Database) async throws {}
}
