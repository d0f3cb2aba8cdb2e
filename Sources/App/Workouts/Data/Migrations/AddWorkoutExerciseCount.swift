import Fluent
import Foundation
import KineticCore
import SQLKit

/// A kept workout keeps how many exercises its plan has (`exercise_count`), so View Workouts
/// lists it without reading the plan back. Workouts kept before are counted from their plans,
/// read as columns (not as today's model, whose fields may outgrow this table's), in one
/// transaction with the new column.
struct AddWorkoutExerciseCount: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.transaction { transaction in
            try await transaction.schema(WorkoutRecord.schema).field("exercise_count", .int, .required, .sql(.default(0))).update()
            let sql = try transaction.sql()
            for row in try await sql.select().columns("id", "plan").from(WorkoutRecord.schema).all() {
                let plan = try JSONDecoder().decode(WorkoutPlan.self, from: Data(row.decode(column: "plan", as: String.self).utf8))
                try await sql.update(WorkoutRecord.schema).set("exercise_count", to: plan.steps.count)
                    .where("id", .equal, row.decode(column: "id", as: UUID.self)).run()
            }
        }
    }

    func revert(on database: Database) async throws {
        try await database.schema(WorkoutRecord.schema).deleteField("exercise_count").update()
    }
}
