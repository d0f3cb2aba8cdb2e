import Foundation

extension MusicPage {
    struct Model {
        var songs: [Song]
        /// The instance's starter songs: they play in the user's workouts, read only.
        var starterSongs: [Song] = []
        var notice: String?
        /// The song whose edit was refused, with its messages by field (localized).
        var refusedSong: String?
        var errors: [String: String] = [:]
        var maximumMinutes: Int
    }

    /// A song as the page shows it.
    struct Song {
        var id: String
        var title: String?
        var artist: String?
        var genre: String?
        var seconds: Double
        /// The tempo it plays at: the corrected one, else the detected one.
        var bpm: Double?
        var detectedBPM: Double?
        var correctedBPM: Double?
        /// The tempos detection found likely, most likely first.
        var candidates: [Double]
        var attribution: String?
    }
}

extension SongRecord {
    /// The song as the Music page shows it.
    var musicPageSong: MusicPage.Song {
        MusicPage.Song(
            id: id?.uuidString ?? "", title: title, artist: artist, genre: genre, seconds: seconds, bpm: bpm, detectedBPM: detectedBPM,
            correctedBPM: correctedBPM, candidates: candidates, attribution: attribution)
    }
}
