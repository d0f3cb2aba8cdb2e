import Fluent
import Foundation
import KineticCore
import Vapor

/// The song library: `GET|POST /api/v1/songs`, `PATCH|DELETE /api/v1/songs/{songId}` and
/// `GET /api/v1/songs/{songId}/audio` (the file, with Range requests). Only the owner ever
/// changes a song: another user's id is a 404, as is a malformed one. The list and the audio
/// include the instance's starter songs (`starter`), which every user's workouts may play.
struct SongsAPIController {
    func list(_ request: Request) async throws -> [SongDTO] {
        let songs = try request.workouts().songs
        return try await songs.playable().map { try SongDTO($0, starter: songs.isStarter($0)) }
    }

    /// The audio file as the body; `?filename=` names it when its tags have no title. 201 with
    /// the song once analysed; 202 with the job to follow when that takes longer than the wait.
    func upload(_ request: Request) async throws -> Response {
        let workouts = try request.workouts()
        let upload = try await workouts.addSong(
            try await request.receiveSong(for: workouts), fileName: request.query[String.self, at: "filename"],
            waitingUpTo: workouts.configuration.songUploadWait)
        return try await upload.response(for: request, location: true)
    }

    func update(_ request: Request) async throws -> SongDTO {
        let song = try await request.ownedSong()
        let body = try await JSONMemberReader.object(request.jsonBody()).get()
        let edit = try SongEdit.validate(body.members).get()
        try await request.workouts().apply(edit, to: song)
        return try SongDTO(song)
    }

    func delete(_ request: Request) async throws -> HTTPStatus {
        try await request.workouts().deleteSong(request.ownedSong())
        return .noContent
    }

    func audio(_ request: Request) async throws -> Response {
        try await request.streamAudio(of: request.playableSong())
    }
}

extension WorkoutsService {
    func apply(_ edit: SongEdit, to song: SongRecord) async throws {
        if let bpm = edit.bpm { song.correctedBPM = bpm }
        if let title = edit.title { song.title = title }
        if let artist = edit.artist { song.artist = artist }
        if let genre = edit.genre { song.genre = genre }
        try await song.save(on: database)
    }

    /// Removes the row (and themes naming the song), then the file.
    func deleteSong(_ song: SongRecord) async throws {
        try await songs.delete(song)
        try? await songFiles.remove(song.storedName)
    }
}

extension Request {
    /// Receives the body as a song for `workouts`' user: a place in the tool line, the storage
    /// quota and the song limit checked before and while it is read.
    func receiveSong(for workouts: WorkoutsService) async throws -> URL {
        guard AudioDecoder.isAvailable else { throw SongImporter.toolsMissing }
        try await workouts.jobs.checkRoom(for: workouts.userID.uuidString.lowercased(), localizer: localizer)
        return try await receiveUploadToKeep(maximumBytes: workouts.configuration.maximumSongBytes, tools: workouts.tools)
    }

    /// The file, with its type, `Accept-Ranges` and 206 answers to Range requests (so the
    /// player can seek), kept private to the browser for a year: a song's file never changes
    /// (another file is another song, with its own id and address).
    func streamAudio(of song: SongRecord) async throws -> Response {
        let mediaType = HTTPMediaType(type: "audio", subType: song.audioFormat.mediaType.replacingOccurrences(of: "audio/", with: ""))
        guard let response = try await workouts().songFiles.response(for: song.storedName, mediaType: mediaType, to: self) else {
            throw AppError.notFound
        }
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, max-age=31536000, immutable")
        return response
    }
}
