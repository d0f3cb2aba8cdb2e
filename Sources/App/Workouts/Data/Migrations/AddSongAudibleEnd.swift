import Fluent

/// A song keeps where its sound ends (``AudibleEnd``), so a soundtrack moves on before a
/// silent tail. Songs from before have none and play to their file's end.
struct AddSongAudibleEnd: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(SongRecord.schema).field("audible_end", .double).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(SongRecord.schema).deleteField("audible_end").update()
    }
}
