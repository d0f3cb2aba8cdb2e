import Foundation
import KineticCore

/// Reads audio files with Debian's `ffprobe` and `ffmpeg`, each a subprocess with a time limit:
/// the files are untrusted input and never parsed in-process.
enum AudioDecoder {
    static let ffmpeg = "/usr/bin/ffmpeg"
    static let ffprobe = "/usr/bin/ffprobe"

    /// Whether both tools are installed.
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: ffmpeg) && FileManager.default.isExecutableFile(atPath: ffprobe)
    }

    /// What ffprobe says about `url`; nil when it cannot read it as media (or is missing:
    /// check ``isAvailable`` first). Throws when ffprobe was stopped before it could say (its
    /// time limit, a kill from outside): that says nothing about the file.
    static func probe(_ url: URL, timeout: TimeInterval = 20) async throws -> AudioProbe? {
        let arguments = ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", url.path]
        do {
            return AudioProbe(json: try await ToolProcess.run(ffprobe, arguments, timeout: timeout, outputLimit: 4 << 20).standardOutput)
        } catch let failure as ToolProcess.Failed where failure.interruption == nil {
            return nil
        }
    }

    /// Up to `maximumSeconds` of `url` from `startSeconds` on, as mono samples in -1…1 at
    /// `sampleRate`.
    static func monoSamples(
        of url: URL, startSeconds: Double = 0, sampleRate: Int = 22_050, maximumSeconds: Int = 900, timeout: TimeInterval = 120
    ) async throws -> [Float] {
        let output = try await ToolProcess.run(
            ffmpeg,
            [
                "-nostdin", "-v", "error", "-ss", String(format: "%.2f", startSeconds), "-i", url.path, "-vn", "-ac", "1",
                "-ar", String(sampleRate), "-t", String(maximumSeconds), "-f", "s16le", "-acodec", "pcm_s16le", "-",
            ], timeout: timeout, outputLimit: 2 * sampleRate * maximumSeconds + (1 << 20))
        return output.standardOutput.withUnsafeBytes { raw in
            raw.bindMemory(to: Int16.self).map { Float(Int16(littleEndian: $0)) / 32_768 }
        }
    }
}
