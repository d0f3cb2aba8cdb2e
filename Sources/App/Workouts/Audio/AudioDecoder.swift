import Foundation
import NIOConcurrencyHelpers

/// Decodes an audio file (MP3, OGG, WAV, FLAC, M4A) to mono samples with Debian's `ffmpeg`, run
/// as a subprocess with a time limit: the file is untrusted input and never parsed in-process.
enum AudioDecoder {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// The first `maximumSeconds` of `url` as mono samples in -1…1 at `sampleRate`.
    static func monoSamples(of url: URL, sampleRate: Int = 22_050, maximumSeconds: Int = 900, timeout: TimeInterval = 120) throws -> [Float] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = [
            "-nostdin", "-v", "error", "-i", url.path, "-vn", "-ac", "1", "-ar", String(sampleRate),
            "-t", String(maximumSeconds), "-f", "s16le", "-acodec", "pcm_s16le", "-",
        ]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw Failed(description: "ffmpeg could not start: \(error)") }
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: .now() + timeout)
        timer.setEventHandler { process.terminate() }
        timer.resume()
        defer { timer.cancel() }
        // Read stderr beside stdout so a chatty ffmpeg never blocks on a full pipe.
        let messages = NIOLockedValueBox(Data())
        let reader = Thread { messages.withLockedValue { $0 = errors.fileHandleForReading.readDataToEndOfFile() } }
        reader.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let text = String(decoding: messages.withLockedValue { $0 }.prefix(500), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failed(description: text.isEmpty ? "ffmpeg stopped (\(process.terminationStatus))" : text)
        }
        return data.withUnsafeBytes { raw in
            raw.bindMemory(to: Int16.self).map { Float(Int16(littleEndian: $0)) / 32_768 }
        }
    }
}
