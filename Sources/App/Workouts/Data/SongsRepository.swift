import Fluent
import Foundation
import KineticCore

/// One user's songs; another user's song is never found.
struct SongsRepository {
    let database: any Database
    let userID: UUID

    /// The library, by title (untitled last), then by when it was added.
    func all() async throws -> [SongRecord] {
        let songs = try await SongRecord.query(on: database).filter(\.$user.$id == userID).sort(\.$createdAt).all()
        return songs.sorted { ($0.title?.lowercased() ?? "\u{10FFFF}") < ($1.title?.lowercased() ?? "\u{10FFFF}") }
    }

    /// The library as the music chooser sees it.
    func library() async throws -> [LibrarySong] {
        try await all().map { try $0.librarySong() }
    }

    /// The user's song with `id`, or nil (also for a malformed id or another user's song).
    func find(_ id: String) async throws -> SongRecord? {
        guard let uuid = UUID(uuidString: id) else { return nil }
        return try await SongRecord.query(on: database).filter(\.$id == uuid).filter(\.$user.$id == userID).first()
    }

    /// The user's songs among `ids`, by id.
    func songs(_ ids: Set<String>) async throws -> [String: SongRecord] {
        let uuids = ids.compactMap(UUID.init(uuidString:))
        guard !uuids.isEmpty else { return [:] }
        let songs = try await SongRecord.query(on: database).filter(\.$user.$id == userID).filter(\.$id ~~ uuids).all()
        return Dictionary(songs.compactMap { song in song.id.map { ($0.uuidString, song) } }, uniquingKeysWith: { first, _ in first })
    }

    /// Removes the song's row and the themes that name it, in one transaction; the caller
    /// removes the file after.
    func delete(_ song: SongRecord) async throws {
        let id = try song.requireID()
        try await database.transaction { transaction in
            try await MusicThemeRecord.query(on: transaction)
                .filter(\.$user.$id == userID).filter(\.$kind == "song").filter(\.$value == id.uuidString).delete()
            try await song.delete(on: transaction)
        }
    }
}
