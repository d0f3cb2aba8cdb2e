import Fluent
import Foundation
import KineticCore

/// One user's songs, and the instance's starter songs (``StarterSongs``) they may play but not
/// change; another user's song is never found.
struct SongsRepository {
    let database: any Database
    let userID: UUID

    /// The user's own songs, by title (untitled last), then by when they were added.
    func all() async throws -> [SongRecord] {
        try await songs(of: [userID])
    }

    /// The user's songs and the starter songs: what their workouts may play.
    func playable() async throws -> [SongRecord] {
        try await songs(of: playableOwners())
    }

    /// The playable songs as the music chooser sees them.
    func library() async throws -> [LibrarySong] {
        try await playable().map { try $0.librarySong() }
    }

    /// Whether `song` is a starter song (played, never changed, by this user).
    func isStarter(_ song: SongRecord) -> Bool { song.$user.id != userID }

    /// The playable song with `id`, or nil: the user's own or a starter song.
    func findPlayable(_ id: String) async throws -> SongRecord? {
        guard let uuid = UUID(uuidString: id) else { return nil }
        return try await SongRecord.query(on: database).filter(\.$id == uuid).filter(\.$user.$id ~~ playableOwners()).first()
    }

    private func playableOwners() async throws -> [UUID] {
        userID == StarterSongs.ownerID ? [userID] : [userID, StarterSongs.ownerID]
    }

    private func songs(of owners: [UUID]) async throws -> [SongRecord] {
        let songs = try await SongRecord.query(on: database).filter(\.$user.$id ~~ owners).sort(\.$createdAt).all()
        return songs.sorted { ($0.title?.lowercased() ?? "\u{10FFFF}") < ($1.title?.lowercased() ?? "\u{10FFFF}") }
    }

    /// The user's song with `id`, or nil (also for a malformed id or another user's song).
    func find(_ id: String) async throws -> SongRecord? {
        guard let uuid = UUID(uuidString: id) else { return nil }
        return try await SongRecord.query(on: database).filter(\.$id == uuid).filter(\.$user.$id == userID).first()
    }

    /// The playable songs among `ids`, by id.
    func songs(_ ids: Set<String>) async throws -> [String: SongRecord] {
        let uuids = ids.compactMap(UUID.init(uuidString:))
        guard !uuids.isEmpty else { return [:] }
        let songs = try await SongRecord.query(on: database).filter(\.$user.$id ~~ playableOwners()).filter(\.$id ~~ uuids).all()
        return Dictionary(songs.compactMap { song in song.id.map { ($0.uuidString, song) } }, uniquingKeysWith: { first, _ in first })
    }

    /// Removes the song's row and the themes that name it, in one transaction; the caller
    /// removes the file after.
    func delete(_ song: SongRecord) async throws {
        let id = try song.requireID()
        try await database.writeTransaction { transaction in
            try await MusicThemeRecord.query(on: transaction)
                .filter(\.$user.$id == userID).filter(\.$kind == "song").filter(\.$value == id.uuidString).delete()
            try await song.delete(on: transaction)
        }
    }
}
