import Fluent

/// A song keeps where its beats fall (`beat_offset`), so the next song can come in on them, and
/// where its sound starts (`audible_start`), so it is played from there. Songs analysed before
/// have neither: they hand over without them.
struct AddSongBeatOffset: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(SongRecord.schema).field("beat_offset", .double).update()
        try await database.schema(SongRecord.schema).field("audible_start", .double).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(SongRecord.schema).deleteField("audible_start").update()
        try await database.schema(SongRecord.schema).deleteField("beat_offset").update()
    }
}
