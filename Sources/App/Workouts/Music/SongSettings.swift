import Foundation
import KineticCore

/// How large and how long a song may be: the largest upload (`KINETIC_MAX_SONG_BYTES`, default
/// 200 MiB, a 20-minute WAV) and the longest song (`KINETIC_MAX_SONG_MINUTES`, 1–180, default
/// 20; the shortest is 5 s); and how long an API upload waits for its analysis before it
/// answers 202 with the job to follow (`KINETIC_SONG_WAIT_SECONDS`, 0–600, default 60); and
/// where the starter songs are mixed from (`KINETIC_STARTER_SONGS_DIR`, default Debian's
/// fretsonfire songs; `none` for no starter songs: an instance whose users bring their own, or a
/// test's server that needs none).
struct SongSettings: ModuleSetting {
    var maximumBytes: Int = 200 << 20
    var limits = SongFileCheck.Limits()
    var uploadWait: TimeInterval = 60
    var starterSongsDirectory: String? = StarterSongs.debianDirectory

    static func load(from environment: [String: String]) throws -> SongSettings {
        var settings = SongSettings()
        if let bytes = try KineticConfiguration.parseByteCount(environment["KINETIC_MAX_SONG_BYTES"], name: "KINETIC_MAX_SONG_BYTES") {
            settings.maximumBytes = bytes
        }
        if let minutes = try KineticConfiguration.parseWholeNumber(
            environment["KINETIC_MAX_SONG_MINUTES"], name: "KINETIC_MAX_SONG_MINUTES", range: 1...180)
        {
            settings.limits.maximumSeconds = Double(minutes * 60)
        }
        if let seconds = try KineticConfiguration.parseWholeNumber(
            environment["KINETIC_SONG_WAIT_SECONDS"], name: "KINETIC_SONG_WAIT_SECONDS", range: 0...600)
        {
            settings.uploadWait = Double(seconds)
        }
        if let directory = environment["KINETIC_STARTER_SONGS_DIR"], !directory.isEmpty {
            settings.starterSongsDirectory = directory == "none" ? nil : directory
        }
        return settings
    }
}

extension KineticConfiguration {
    /// The largest song upload, in bytes (``SongSettings``).
    var maximumSongBytes: Int {
        get { moduleSettings[SongSettings.self].maximumBytes }
        set { moduleSettings[SongSettings.self].maximumBytes = newValue }
    }

    /// How long an API song upload waits for its analysis before answering 202 (``SongSettings``).
    var songUploadWait: TimeInterval {
        get { moduleSettings[SongSettings.self].uploadWait }
        set { moduleSettings[SongSettings.self].uploadWait = newValue }
    }

    /// Where the starter songs are mixed from; nil for none (``SongSettings``).
    var starterSongsDirectory: String? {
        get { moduleSettings[SongSettings.self].starterSongsDirectory }
        set { moduleSettings[SongSettings.self].starterSongsDirectory = newValue }
    }

    /// The shortest and longest song accepted (``SongSettings``).
    var songLimits: SongFileCheck.Limits {
        get { moduleSettings[SongSettings.self].limits }
        set { moduleSettings[SongSettings.self].limits = newValue }
    }
}
