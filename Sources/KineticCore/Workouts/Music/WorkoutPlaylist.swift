/// One song of an exercise's music and the rate it plays at.
public struct PlannedSong: Equatable, Sendable {
    public let songID: String
    /// The `playbackRate` the player sets (with `preservesPitch` on).
    public let playbackRate: Double
    /// False when no song fitted the exercise's tempo and this is the closest one.
    public let fits: Bool

    public init(songID: String, playbackRate: Double, fits: Bool) {
        self.songID = songID
        self.playbackRate = playbackRate
        self.fits = fits
    }
}

/// Chooses each exercise's songs from the songs of the chosen themes.
///
/// - A timed exercise takes the songs that fit its target tempo (``SongMatch``), each at the
///   rate that locks its beat to the target; consecutive exercises start at different songs
///   (the list is rotated by the exercise's position) so the music changes with the exercise.
///   Songs are taken until their played length covers the exercise; the player loops the list
///   if the exercise outlasts them.
/// - When no song fits, the closest one plays (``PlannedSong/fits`` false, and the page says
///   so) at a rate held to ``playableRates``: a larger stretch sounds broken.
/// - A held stretch has no tempo: every song may play, at its own speed.
/// - Songs without a known tempo never play in a timed exercise.
public enum WorkoutPlaylist {
    /// The rates the closest non-fitting song is held to.
    public static let playableRates = 0.85...1.15

    public static func songs(targetBPM: Int?, seconds: Int, library: [LibrarySong], turn: Int) -> [PlannedSong] {
        let planned: [(song: LibrarySong, planned: PlannedSong)]
        if let targetBPM {
            let ranked = SongMatch.ranked(library.filter { $0.bpm != nil }, bpm: { $0.bpm! }, targetBPM: Double(targetBPM))
            planned = ranked.map { entry in
                let rate =
                    entry.match.fits
                    ? entry.match.playbackRate : min(max(entry.match.playbackRate, playableRates.lowerBound), playableRates.upperBound)
                return (entry.song, PlannedSong(songID: entry.song.id, playbackRate: rate, fits: entry.match.fits))
            }
        } else {
            planned = library.map { ($0, PlannedSong(songID: $0.id, playbackRate: 1, fits: true)) }
        }
        guard !planned.isEmpty else { return [] }
        let start = turn % planned.count
        let rotated = planned[start...] + planned[..<start]
        var chosen: [PlannedSong] = [], covered = 0.0
        for entry in rotated where covered < Double(seconds) {
            chosen.append(entry.planned)
            covered += entry.song.seconds / entry.planned.playbackRate
        }
        return chosen
    }
}
