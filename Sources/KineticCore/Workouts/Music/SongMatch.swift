import Foundation

/// Which song plays during an exercise, and how fast: a song fits when its tempo, halved,
/// kept or doubled (the octave the movement feels, since notated and felt tempo differ by an
/// octave), is within ±15 % of the exercise's target; the player then sets `playbackRate` to
/// target ÷ that tempo so the beat locks exactly. With `preservesPitch` on the key stays; a
/// stretch of 15 % keeps voices and instruments natural, more starts to sound processed.
public struct SongMatch: Equatable, Sendable {
    /// The song's tempo as the user confirmed it (or as detected).
    public let songBPM: Double
    /// The octave used: ½, 1 or 2.
    public let octave: Double
    /// The rate the player sets: target ÷ (songBPM × octave).
    public let playbackRate: Double
    /// False when no song fitted and this is the closest one: the page says so.
    public let fits: Bool

    /// How far a song's tempo may sit from the target and still fit.
    public static let tolerance = 0.15
    /// The octaves tried, nearest first.
    public static let octaves: [Double] = [1, 0.5, 2]

    /// The match of one song: the octave that brings it nearest the target.
    public static func match(songBPM: Double, targetBPM: Double) -> SongMatch? {
        guard songBPM > 0, targetBPM > 0, songBPM.isFinite, targetBPM.isFinite else { return nil }
        let octave = octaves.min { abs(log(songBPM * $0 / targetBPM)) < abs(log(songBPM * $1 / targetBPM)) }!
        let rate = targetBPM / (songBPM * octave)
        return SongMatch(songBPM: songBPM, octave: octave, playbackRate: rate, fits: abs(rate - 1) <= tolerance + 1e-9)
    }

    /// The songs that fit `targetBPM`, nearest first; when none fits, the single closest one
    /// (``fits`` false) so the exercise is never silent without a word. Empty only without songs.
    public static func ranked<Song>(_ songs: [Song], bpm: (Song) -> Double, targetBPM: Double) -> [(song: Song, match: SongMatch)] {
        let matches = songs.compactMap { song in match(songBPM: bpm(song), targetBPM: targetBPM).map { (song: song, match: $0) } }
            .sorted { abs($0.match.playbackRate - 1) < abs($1.match.playbackRate - 1) }
        let fitting = matches.filter(\.match.fits)
        if !fitting.isEmpty { return fitting }
        return matches.first.map { [$0] } ?? []
    }
}
