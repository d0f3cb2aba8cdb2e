import Foundation
import Testing

/// Real audio files made with ffmpeg for the song tests: click tracks at a known tempo, with
/// or without tags, and a ten-hour file of silence.
enum AudioFixtures {
    /// A click track: a 30 ms 1 kHz blip on every beat at `bpm`, `seconds` long, the last
    /// `silentTail` of them silent, encoded as `format` (an ffmpeg muxer: `mp3`, `ogg`, `flac`,
    /// `wav`, `ipod` for M4A).
    static func clickTrack(
        bpm: Double, seconds: Int = 20, silentTail: Int = 0, format: String = "mp3", title: String? = nil, artist: String? = nil,
        genre: String? = nil
    ) async throws -> Data {
        let beat = 60 / bpm
        let sounding = seconds - silentTail
        var arguments = [
            "-f", "lavfi", "-i",
            "aevalsrc='if(lt(t,\(sounding))*lt(mod(t,\(beat)),0.03),0.8*sin(2*PI*1000*t),0)':s=22050:d=\(seconds)",
        ]
        for (name, value) in [("title", title), ("artist", artist), ("genre", genre)] {
            if let value { arguments += ["-metadata", "\(name)=\(value)"] }
        }
        if format == "ogg" { arguments += ["-c:a", "libvorbis"] }
        return try await MediaFixtures.ffmpeg(arguments + ["-f", format])
    }

    /// A held 440 Hz tone as MP3: a sound without a beat.
    static func heldTone(seconds: Int = 20, title: String = "Tone") async throws -> Data {
        try await MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=22050:duration=\(seconds)", "-metadata", "title=\(title)", "-f", "mp3",
        ])
    }

    /// Ten hours of silence as FLAC at 1 kHz (under a megabyte, and quick to make: silence
    /// compresses well).
    static func tenHours() async throws -> Data {
        try await MediaFixtures.ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=1000:cl=mono", "-t", "36000", "-c:a", "flac", "-f", "flac"])
    }
}
