import Fluent
import SQLKit

/// A theme counts the complete workouts played with it (`played_count`), so it is used up after
/// the number of workouts it was meant for. Themes made before start at none.
struct AddMusicThemePlayedCount: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(MusicThemeRecord.schema).field("played_count", .int, .required, .sql(.default(0))).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(MusicThemeRecord.schema).deleteField("played_count").update()
    }
}
