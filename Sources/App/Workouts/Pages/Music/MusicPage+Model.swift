import Foundation

extension MusicPage {
    struct Model {
        var songs: [SongRecord]
        /// The instance's starter songs: they play in the user's workouts, read only.
        var starterSongs: [SongRecord] = []
        var notice: String?
        /// The song whose edit was refused, with its messages by field (localized).
        var refusedSong: String?
        var errors: [String: String] = [:]
        var maximumMinutes: Int
    }
}
