import Fluent
import Foundation
import KineticCore
import Vapor

/// The song library: `GET|POST /api/v1/songs`, `PATCH|DELETE /api/v1/songs/{songId}` and
/// `GET /api/v1/songs/{songId}/audio` (the file, with Range requests). Only the owner ever
/// finds a song: another user's id is a 404, as is a malformed one.
struct SongsAPIController {
    func list(_ request: Request) async throws -> [SongDTO] {
        try await request.songs().all().map(SongDTO.init)
    }

    /// The audio file as the body; `?filename=` names it when its tags have no title.
    func upload(_ request: Request) async throws -> Response {
        let song = try await request.importSong(fileName: request.query[String.self, at: "filename"])
        return try await SongDTO(song).created(at: .api(.song(id: song.id?.uuidString)), for: request)
    }

    func update(_ request: Request) async throws -> SongDTO {
        let song = try await request.ownedSong()
        let body = try JSONMemberReader.object(request.jsonBody()).get()
        let edit = try SongEdit.validate(body.members).get()
        try await request.apply(edit, to: song)
        return try SongDTO(song)
    }

    func delete(_ request: Request) async throws -> HTTPStatus {
        try await request.deleteSong(request.ownedSong())
        return .noContent
    }

    func audio(_ request: Request) async throws -> Response {
        try await request.streamAudio(of: request.ownedSong())
    }
}

extension Request {
    /// The signed-in user's songs.
    func songs() throws -> SongsRepository {
        SongsRepository(database: db, userID: try requireUser().requireID())
    }

    /// The song named by the `songId` parameter, if it is the user's; 404 otherwise.
    func ownedSong() async throws -> SongRecord {
        guard let song = try await songs().find(parameters.get("songId") ?? "") else { throw AppError.notFound }
        return song
    }

    var songFiles: SongFiles { SongFiles(mediaDirectory: application.kineticConfiguration.mediaDirectory) }

    /// Receives the body (at most the song limit) and imports it into the user's library.
    func importSong(fileName: String?) async throws -> SongRecord {
        let configuration = application.kineticConfiguration
        let userID = try requireUser().requireID()
        guard AudioDecoder.isAvailable else { throw SongImporter.toolsMissing }
        let tools = try userTools()
        try await tools.checkRoom()
        try await checkDeclaredUploadFitsQuota()
        let file = try await receiveUpload(into: configuration.uploadDirectory, maximumBytes: configuration.maximumSongBytes)
        try await checkUploadFitsQuota(file)
        let importer = SongImporter(database: db, userID: userID, files: songFiles, limits: configuration.songLimits, tools: tools)
        return try await importer.importSong(.init(file: file, fileName: fileName), at: now)
    }

    func apply(_ edit: SongEdit, to song: SongRecord) async throws {
        if let bpm = edit.bpm { song.correctedBPM = bpm }
        if let title = edit.title { song.title = title }
        if let artist = edit.artist { song.artist = artist }
        if let genre = edit.genre { song.genre = genre }
        try await song.save(on: db)
    }

    /// Removes the row (and themes naming the song), then the file.
    func deleteSong(_ song: SongRecord) async throws {
        try await songs().delete(song)
        songFiles.remove(song.storedName)
    }

    /// The file, with its type, `Accept-Ranges` and 206 answers to Range requests (so the
    /// player can seek), kept private to the browser.
    func streamAudio(of song: SongRecord) async throws -> Response {
        let path = songFiles.url(of: song.storedName).path
        guard FileManager.default.fileExists(atPath: path) else { throw AppError.notFound }
        let response = try await fileio.asyncStreamFile(
            at: path,
            mediaType: HTTPMediaType(type: "audio", subType: song.audioFormat.mediaType.replacingOccurrences(of: "audio/", with: "")))
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, max-age=3600")
        return response
    }
}
