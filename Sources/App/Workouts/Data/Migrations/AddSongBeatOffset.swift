import Fluent

/// A song keeps where its beats fall (`beat_offset`), so the next song can come in on them.
/// Songs analysed before have none: they hand over without it.
struct AddSongBeatOffset: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(SongRecord.schema).field("beat_offset", .double).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(SongRecord.schema).deleteField("beat_offset").update()
    }
}
