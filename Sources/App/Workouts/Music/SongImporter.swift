import Fluent
import Foundation
import KineticCore
import Vapor

/// Adds an audio file to a user's library: recognises it by its bytes, probes it with
/// ffprobe (length, tags), refuses what is not a song of a fair length, detects its tempo
/// (ffmpeg decodes, ``TempoEstimator`` analyses) and where its sound ends (``AudibleEnd``), then keeps the file under a generated name
/// and writes the row. A refused or failed import leaves neither file nor row.
struct SongImporter {
    let database: any Database
    let userID: UUID
    let files: SongFiles
    let limits: SongFileCheck.Limits
    /// Where the blocking work runs, in the uploader's turn (``ToolQueue``).
    let tools: ToolRunner

    /// A file waiting in the upload directory, and what the uploader said about it.
    struct Upload {
        let file: URL
        /// The name the file had on the uploader's device, for a title when the tags have none.
        let fileName: String?
        /// Credit and licence, for music the user did not make.
        var attribution: String?
        /// Tags that win over the file's own (the demo songs' names).
        var title: String?
        var artist: String?
        var genre: String?
    }

    static let toolsMissing = AppError(status: .serviceUnavailable, code: "audio_tools_missing", messageKey: "error.song.toolsMissing")

    /// Imports `upload`, consuming its file (moved into the store, or removed).
    func importSong(_ upload: Upload, at now: Date) async throws -> SongRecord {
        defer { try? FileManager.default.removeItem(at: upload.file) }
        guard AudioDecoder.isAvailable else { throw Self.toolsMissing }
        let analysis: Analysis
        do {
            analysis = try await tools.run { [limits, tools] in try await Self.analyse(upload.file, limits: limits, tools: tools) }
        } catch let problem as SongFileCheck.Problem {
            throw Self.refusal(problem, limits: limits)
        } catch let failure as ToolProcess.Failed where failure.interruption != nil {
            throw AppError.toolInterrupted(failure)
        }
        let id = UUID()
        let song = SongRecord()
        song.id = id
        song.$user.id = userID
        song.title = upload.title ?? analysis.probe.title ?? Self.title(fromFileName: upload.fileName)
        song.artist = upload.artist ?? analysis.probe.artist
        song.genre = upload.genre ?? analysis.probe.genre
        song.seconds = analysis.seconds
        song.audibleEnd = analysis.audibleEnd
        song.format = analysis.format.rawValue
        song.byteCount = Int64((try? FileManager.default.attributesOfItem(atPath: upload.file.path)[.size] as? Int) ?? 0)
        song.storedName = "\(id.uuidString.lowercased()).\(analysis.format.rawValue)"
        song.detectedBPM = analysis.candidates.first
        song.beatOffset = analysis.beatOffset
        song.audibleStart = analysis.audibleStart
        song.bpmCandidates = analysis.candidates.map { String(format: "%.1f", $0) }.joined(separator: " ")
        song.attribution = upload.attribution
        song.createdAt = now
        try await files.keep(upload.file, as: song.storedName, mediaType: analysis.format.mediaType)
        do {
            try await song.create(on: database)
        } catch {
            try? await files.remove(song.storedName)
            throw error
        }
        return song
    }

    private struct Analysis {
        let format: AudioFormat
        let probe: AudioProbe
        let seconds: Double
        let candidates: [Double]
        /// Where the best candidate's beats fall; nil without a clear beat.
        let beatOffset: Double?
        /// Where its sound starts.
        let audibleStart: Double?
        let audibleEnd: Double?
    }

    /// How much of a song the tempo is read from: five minutes hold hundreds of beats (the demo
    /// songs, up to 4:48, are read whole, as the bench reads the real ones) and keep a long
    /// upload's samples to about 26 MB.
    static let analysedSeconds = 300

    /// The tool work, in the uploader's turn: sniff, probe, check, decode, then estimate on a tool
    /// thread. Throws a ``SongFileCheck/Problem`` for a file that is not a song of a fair length.
    private static func analyse(_ file: URL, limits: SongFileCheck.Limits, tools: ToolRunner) async throws -> Analysis {
        let handle = try FileHandle(forReadingFrom: file)
        let header = [UInt8](try handle.read(upToCount: AudioFormat.headerLength) ?? Data())
        try? handle.close()
        let format = try SongFileCheck.format(ofHeader: header).get()
        // A file that takes its tool past its budget is too costly to read: its sender cools
        // down (``ToolQueue``) rather than send it again for another full budget.
        let probed: AudioProbe?
        do {
            probed = try await AudioDecoder.probe(file, timeout: max(5, limits.minimumDecodingSeconds))
        } catch let failure as ToolProcess.Failed where failure.timedOut {
            throw AppError.fileTooCostly(failure)
        }
        guard let probe = probed else { throw SongFileCheck.Problem.notAudio }
        let seconds = try SongFileCheck.check(probe, format: format, limits: limits).get()
        let decoded = min(seconds, Double(Self.analysedSeconds))
        let samples: [Float]
        do {
            samples = try await AudioDecoder.monoSamples(
                of: file, sampleRate: Self.sampleRate, maximumSeconds: Self.analysedSeconds,
                timeout: limits.decodingBudget(forSeconds: decoded))
        } catch let failure as ToolProcess.Failed where failure.timedOut {
            throw AppError.fileTooCostly(failure)
        } catch let failure as ToolProcess.Failed where failure.interruption != nil {
            throw failure
        } catch {
            throw SongFileCheck.Problem.notAudio
        }
        let (tempo, audibleStart) = try await tools.compute {
            (
                TempoEstimator.analyse(samples: samples, sampleRate: Double(Self.sampleRate)),
                AudibleEnd.start(of: samples, sampleRate: Self.sampleRate)
            )
        }
        // Without a clear beat (a held tone, noise, speech) it has no tempo to be played at.
        let candidates = tempo.hasClearBeat ? tempo.candidates.map(\.bpm) : []
        let audibleEnd = try await Self.audibleEnd(of: file, seconds: seconds, samples: samples, tools: tools)
        return Analysis(
            format: format, probe: probe, seconds: seconds, candidates: candidates,
            beatOffset: tempo.hasClearBeat ? tempo.beatOffset : nil,
            audibleStart: audibleStart, audibleEnd: audibleEnd)
    }

    /// The rate songs are decoded at for analysis.
    static let sampleRate = 22_050

    /// Where the song's sound ends (``AudibleEnd``), from the samples already decoded when they
    /// hold the whole song, else from its last half minute decoded again; nil when that cannot
    /// be decoded (the song still plays, to its file's end).
    static func audibleEnd(of file: URL, seconds: Double, samples: [Float], tools: ToolRunner) async throws -> Double? {
        let tail: [Float]
        let start: Double
        if seconds <= Double(analysedSeconds) {
            tail = Array(samples.suffix(Int(AudibleEnd.tailSeconds) * sampleRate))
            start = Double(samples.count - tail.count) / Double(sampleRate)
        } else {
            start = max(0, seconds - AudibleEnd.tailSeconds)
            guard
                let decoded = try? await AudioDecoder.monoSamples(
                    of: file, startSeconds: start, sampleRate: sampleRate, maximumSeconds: Int(AudibleEnd.tailSeconds) + 1,
                    timeout: 20)
            else { return nil }
            tail = decoded
        }
        return try await tools.compute { AudibleEnd.seconds(ofTail: tail, sampleRate: sampleRate, startingAt: start) }
    }

    /// The 422 for a refused file, with the limit in the message where there is one.
    static func refusal(_ problem: SongFileCheck.Problem, limits: SongFileCheck.Limits) -> AppError {
        var arguments: [String] = []
        switch problem {
        case .tooLong(let minutes): arguments = [String(minutes)]
        case .tooShort: arguments = [String(Int(limits.minimumSeconds))]
        case .notAudio, .video: break
        }
        return AppError(status: .unprocessableEntity, code: "invalid_song", messageKey: problem.messageKey, messageArguments: arguments)
    }

    /// `Morning Run.mp3` → `Morning Run`: the last path component without its extension,
    /// trimmed and cut to ``AudioProbe/longestTag``; nil when nothing is left.
    static func title(fromFileName name: String?) -> String? {
        guard let name else { return nil }
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let stem = last.contains(".") ? String(last[..<last.lastIndex(of: ".")!]) : last
        let trimmed = stem.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : String(trimmed.prefix(AudioProbe.longestTag))
    }
}
