import Foundation

extension MusicPage {
    struct Model {
        var songs: [SongRecord]
        var notice: String?
        /// The song whose edit was refused, with its messages by field (localized).
        var refusedSong: String?
        var errors: [String: String] = [:]
        var maximumMinutes: Int
    }
}
