import Fluent
import SQLKit

/// The `music_themes` table.
struct CreateMusicThemes: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(MusicThemeRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("kind", .string, .required)
            .field("value", .string, .required)
            .field("workout_count", .int, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql().create(index: "music_themes_user").on(MusicThemeRecord.schema).column("user_id").column("created_at").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema(MusicThemeRecord.schema).delete()
    }
}
