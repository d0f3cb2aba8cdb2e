import Fluent
import SQLKit

/// The `songs` table: each user's music library.
struct CreateSongs: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(SongRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("title", .string)
            .field("artist", .string)
            .field("genre", .string)
            .field("seconds", .double, .required)
            .field("format", .string, .required)
            .field("byte_count", .int64, .required)
            .field("stored_name", .string, .required)
            .field("detected_bpm", .double)
            .field("bpm_candidates", .string, .required)
            .field("corrected_bpm", .double)
            .field("attribution", .string)
            .field("created_at", .datetime, .required)
            .unique(on: "stored_name")
            .create()
        try await database.sql().create(index: "songs_user_time").on(SongRecord.schema).column("user_id").column("created_at").run()
    }

    func revert(on database: Database) async throws {
        try await database.schema(SongRecord.schema).delete()
    }
}
