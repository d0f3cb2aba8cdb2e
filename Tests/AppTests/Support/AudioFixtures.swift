import Foundation
import Testing

/// Real audio files made with ffmpeg for the song tests: click tracks at a known tempo, with
/// or without tags, and a ten-hour file of silence.
enum AudioFixtures {
    /// A click track: a 30 ms 1 kHz blip on every beat at `bpm`, `seconds` long, encoded as
    /// `format` (an ffmpeg muxer: `mp3`, `ogg`, `flac`, `wav`, `ipod` for M4A).
    static func clickTrack(
        bpm: Double, seconds: Int = 20, format: String = "mp3", title: String? = nil, artist: String? = nil, genre: String? = nil
    ) throws -> Data {
        let beat = 60 / bpm
        var arguments = [
            "-f", "lavfi", "-i", "aevalsrc='if(lt(mod(t,\(beat)),0.03),0.8*sin(2*PI*1000*t),0)':s=22050:d=\(seconds)",
        ]
        for (name, value) in [("title", title), ("artist", artist), ("genre", genre)] {
            if let value { arguments += ["-metadata", "\(name)=\(value)"] }
        }
        if format == "ogg" { arguments += ["-c:a", "libvorbis"] }
        return try make(arguments + ["-f", format])
    }

    /// Ten hours of silence as FLAC (about 7 MB: silence compresses well).
    static let tenHours: Result<Data, Error> = Result {
        try make(["-f", "lavfi", "-i", "anullsrc=r=8000:cl=mono", "-t", "36000", "-c:a", "flac", "-f", "flac"])
    }

    private static func make(_ arguments: [String]) throws -> Data {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-audio-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-nostdin", "-v", "error", "-y"] + arguments + [output.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "ffmpeg failed: \(arguments)")
        return try Data(contentsOf: output)
    }
}
