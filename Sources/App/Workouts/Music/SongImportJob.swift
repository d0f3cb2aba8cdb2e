import Fluent
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
    /// The uploader's tool shares (``Request/toolShares``): their analysis waits its turn with
    /// the other work of their network. Nil in jobs queued before they were kept.
    var shares: [String]? = nil

    struct Result: Codable, Sendable {
        /// The song's id, lowercase as the API writes ids.
        let songId: String
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
        // Consumed by the import; removed here when the copy or the import stopped short.
        defer { try? FileManager.default.removeItem(at: file) }
        guard try await app.media.download(key, to: file) else { throw AppError.notFound }
        let importer = app.songImporter(for: input.userID, shares: Set(input.shares ?? []))
        do {
            let song = try await importer.importSong(.init(file: file, fileName: input.fileName), at: app.now)
            try? await app.media.remove(key)
            return Result(songId: try song.requireID().uuidString.lowercased())
        } catch {
            // A refusal, or the last try's failure, ends the job: its upload goes. A cancellation
            // (the instance stops) leaves it for the try that follows.
            let cancelled = error is CancellationError || Task.isCancelled
            if !cancelled, JobWorkers.failure(error).permanent || job.attempt >= job.maxAttempts { try? await app.media.remove(key) }
            throw error
        }
    }
}

extension SongImportJob {
    /// The uploads song jobs still wait for: those of jobs not yet completed or discarded.
    static func waitingUploads(_ app: Application) async throws -> Set<MediaKey> {
        let jobs = try await JobRecord.query(on: app.db).filter(\.$kind == kind)
            .filter(\.$state != .completed).filter(\.$state != .discarded).all()
        return Set(
            jobs.compactMap { job in
                (try? JSONDecoder().decode(SongImportJob.self, from: Data(job.payload.utf8))).flatMap { try? MediaKey($0.incoming) }
            })
    }
}

extension Application {
    /// An importer of songs into `userID`'s library, its tool work in their turn and `shares`'.
    func songImporter(for userID: UUID, shares: Set<String> = []) -> SongImporter {
        SongImporter(
            database: db, userID: userID, files: SongFiles(store: media), limits: kineticConfiguration.songLimits,
            tools: tools(for: .user(userID), shares: shares))
    }
}

extension WorkoutsService {
    /// How a song upload stands when its answer is due.
    enum SongUpload {
        case added(SongRecord)
        /// Still waiting for a worker, or being analysed: the job to follow.
        case pending(JobRecord)

        /// 201 with the song (`Location` naming it when `location`), or 202 with the job.
        func response(for request: Request, location: Bool) async throws -> Response {
            switch self {
            case .added(let song):
                let body = try SongDTO(song)
                return location
                    ? try await body.created(at: .api(.song(id: song.id?.uuidString)), for: request)
                    : try await body.encodeResponse(status: .created, for: request)
            case .pending(let job):
                return try await JobDTO(job, localizer: request.localizer).accepted(for: request)
            }
        }
    }

    /// Adds the received song file (consumed) as a job for this user and waits up to `seconds`
    /// for it: the song, the job's refusal thrown as it came, or the job still under way.
    func addSong(_ file: URL, fileName: String?, waitingUpTo seconds: TimeInterval) async throws -> SongUpload {
        let id = UUID()
        let incoming = try SongImportJob.incomingKey(id)
        do {
            try await songFiles.store.keep(file, as: incoming, contentType: "application/octet-stream")
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        let job: JobRecord
        do {
            job = try await jobs.enqueue(
                SongImportJob.kind, owner: userID.uuidString.lowercased(),
                payload: SongImportJob(
                    userID: userID, incoming: incoming.description, fileName: fileName, shares: tools.shares.sorted()))
        } catch {
            try? await songFiles.store.remove(incoming)
            throw error
        }
        let ended = try await jobs.wait(for: try job.requireID(), upTo: seconds)
        switch ended.state {
        case .completed:
            guard let result = ended.decodedResult(as: SongImportJob.Result.self), let songID = UUID(uuidString: result.songId),
                let song = try await SongRecord.find(songID, on: database)
            else { throw AppError.notFound }
            return .added(song)
        case .discarded:
            throw ended.decodedFailure?.appError ?? JobFailure.unexplained
        default:
            return .pending(ended)
        }
    }
}
