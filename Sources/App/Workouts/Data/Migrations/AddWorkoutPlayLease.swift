import Fluent

/// A workout remembers which playing of it holds it (``WorkoutPlayLease``): the run, when it
/// claimed the workout, when it was last heard from, and the work it started with.
struct AddWorkoutPlayLease: AsyncMigration {
    func prepare(on database: Database) async throws {
        // One column at a time: SQLite adds one per ALTER TABLE.
        for (name, type) in Self.columns {
            try await database.schema(WorkoutRecord.schema).field(FieldKey(stringLiteral: name), type).update()
        }
    }

    func revert(on database: Database) async throws {
        for (name, _) in Self.columns.reversed() {
            try await database.schema(WorkoutRecord.schema).deleteField(FieldKey(stringLiteral: name)).update()
        }
    }

    private static let columns: [(String, DatabaseSchema.DataType)] = [
        ("play_run_id", .uuid), ("play_since", .datetime), ("play_seen_at", .datetime), ("play_credited_seconds", .int),
    ]
}
