import Fluent

/// A workout goal remembers the last day (its owner's local date, `2026-11-29`) its reminder
/// went to their devices (`reminded_on`), so each reminder day sends one, whichever instance
/// gets there first.
struct AddWorkoutGoalRemindedOn: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(WorkoutGoalRecord.schema).field("reminded_on", .string).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(WorkoutGoalRecord.schema).deleteField("reminded_on").update()
    }
}
