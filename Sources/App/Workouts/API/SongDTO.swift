import Foundation
import Vapor

/// A song as the API returns it.
struct SongDTO: Content {
    let id: UUID
    /// Null when neither the tags nor the file's name gave one.
    @NullEncoded var title: String?
    @NullEncoded var artist: String?
    @NullEncoded var genre: String?
    let seconds: Double
    let format: String
    let bytes: Int64
    /// The tempo workouts use: `correctedBpm` when set, else `detectedBpm`.
    @NullEncoded var bpm: Double?
    @NullEncoded var detectedBpm: Double?
    /// The detector's candidates, best first (up to three; octaves of each other are common).
    let bpmCandidates: [Double]
    @NullEncoded var correctedBpm: Double?
    @NullEncoded var attribution: String?
    /// One of the instance's starter songs: it plays in the user's workouts, only its owner changes it.
    let starter: Bool
    let audioUrl: String
    let createdAt: String

    init(_ song: SongRecord, starter: Bool = false) throws {
        let id = try song.requireID()
        self.id = id
        title = song.title
        artist = song.artist
        genre = song.genre
        seconds = (song.seconds * 1000).rounded() / 1000
        format = song.format
        bytes = song.byteCount
        bpm = song.bpm
        detectedBpm = song.detectedBPM
        bpmCandidates = song.candidates
        correctedBpm = song.correctedBPM
        attribution = song.attribution
        self.starter = starter
        audioUrl = SiteURL.api(.songAudio(id: id.uuidString)).path
        createdAt = song.createdAt.formatted(.iso8601)
    }
}

/// A music theme as the API returns it.
struct MusicThemeDTO: Content {
    let id: UUID
    let name: String
    /// `artist`, `genre` or `song`.
    let kind: String
    /// The artist's or genre's name, or the song's id.
    let value: String
    /// How many workouts the theme is meant for.
    let workouts: Int
    /// How many complete workouts were played with it, and how many are left (0: used up).
    let workoutsPlayed: Int
    let workoutsLeft: Int
    /// How many of the library's songs it selects now.
    let songs: Int
    let createdAt: String

    init(_ theme: MusicThemeRecord, songCount: Int) throws {
        id = try theme.requireID()
        name = theme.name
        kind = theme.kind
        value = theme.value
        workouts = theme.workoutCount
        workoutsPlayed = theme.playedCount
        workoutsLeft = theme.workoutsLeft
        songs = songCount
        createdAt = theme.createdAt.formatted(.iso8601)
    }
}
