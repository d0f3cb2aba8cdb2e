import Foundation
import KineticCore
import Vapor

/// Adding an uploaded song, as a background job (`song.import`) that whichever instance is free
/// runs: the upload waits in the media store (`incoming/songs/<id>`), the worker copies it to
/// its own disk, analyses and keeps it (``SongImporter``), and removes the waiting copy once the
/// song is kept or refused. Its result names the song.
struct SongImportJob: Codable, Sendable {
    static let kind = "song.import"

    let userID: UUID
    /// The media key of the upload as it arrived.
    let incoming: String
    /// Its name on the uploader's device.
    let fileName: String?

    struct Result: Codable, Sendable {
        let songId: UUID
    }

    /// Where an upload waits for its job.
    static func incomingKey(_ id: UUID) throws -> MediaKey {
        try MediaKey("incoming/songs/\(id.uuidString.lowercased())")
    }

    /// Runs the job: the song added, or an error (a refusal is final; a tool stopped from
    /// outside is tried again).
    static func run(_ job: JobRecord, _ app: Application) async throws -> Result {
        let input = try JSONDecoder().decode(SongImportJob.self, from: Data(job.payload.utf8))
        let key = try MediaKey(input.incoming)
        let directory = URL(fileURLWithPath: app.kineticConfiguration.uploadDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("upload-job-\(UUID().uuidString)")
        guard try await app.media.download(key, to: file) else { throw AppError.notFound }
        let configuration = app.kineticConfiguration
        let importer = SongImporter(
            database: app.db, userID: input.userID, files: SongFiles(store: app.media), limits: configuration.songLimits,
            tools: app.tools(for: .user(input.userID)))
        do {
            let song = try await importer.importSong(.init(file: file, fileName: input.fileName), at: app.now)
            try? await app.media.remove(key)
            return Result(songId: try song.requireID())
        } catch {
            if JobWorkers.failure(error).permanent || job.attempt >= job.maxAttempts { try? await app.media.remove(key) }
            throw error
        }
    }
}

extension WorkoutsService {
    /// How a song upload stands when its answer is due.
    enum SongUpload {
        case added(SongRecord)
        /// Still waiting for a worker, or being analysed: the job to follow.
        case pending(JobRecord)
    }

    /// Adds the received song file (consumed) as a job for this user and waits up to `seconds`
    /// for it: the song, the job's refusal thrown as it came, or the job still under way.
    func addSong(_ file: URL, fileName: String?, waitingUpTo seconds: TimeInterval) async throws -> SongUpload {
        let id = UUID()
        let incoming = try SongImportJob.incomingKey(id)
        try await songFiles.store.keep(file, as: incoming, contentType: "application/octet-stream")
        let job = try await jobs.enqueue(
            SongImportJob.kind, owner: userID.uuidString.lowercased(),
            payload: SongImportJob(userID: userID, incoming: incoming.description, fileName: fileName))
        let ended = try await jobs.wait(for: try job.requireID(), upTo: seconds)
        switch ended.state {
        case .completed:
            let result = try JSONDecoder().decode(SongImportJob.Result.self, from: Data((ended.result ?? "").utf8))
            guard let song = try await SongRecord.find(result.songId, on: database) else { throw AppError.notFound }
            return .added(song)
        case .discarded:
            let failure = try? JSONDecoder().decode(JobFailure.self, from: Data((ended.failure ?? "").utf8))
            throw failure?.appError ?? AppError(status: .internalServerError, code: "job_failed", messageKey: "error.job.failed")
        default:
            return .pending(ended)
        }
    }
}
