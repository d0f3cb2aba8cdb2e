import Fluent
import Foundation
import KineticCore

/// A song of one user's library: its tags, its length, the tempo detected on upload (the best
/// of up to three candidates) and the one the user set, and the file it is stored in.
final class SongRecord: Model, @unchecked Sendable {
    static let schema = "songs"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// From the tags, else the uploaded file's name; nil when neither says (shown as "Untitled").
    @OptionalField(key: "title") var title: String?
    @OptionalField(key: "artist") var artist: String?
    @OptionalField(key: "genre") var genre: String?
    @Field(key: "seconds") var seconds: Double
    /// Where its sound ends (``AudibleEnd``); nil for a song imported before Kinetic looked.
    @OptionalField(key: "audible_end") var audibleEnd: Double?
    /// ``AudioFormat`` raw value.
    @Field(key: "format") var format: String
    @Field(key: "byte_count") var byteCount: Int64
    /// The file's generated name under the media directory's `songs/`.
    @Field(key: "stored_name") var storedName: String
    @OptionalField(key: "detected_bpm") var detectedBPM: Double?
    /// The second of its first beat at the detected tempo (``TempoEstimator/Analysis/beatOffset``).
    @OptionalField(key: "beat_offset") var beatOffset: Double?
    /// The second its sound starts, past the silence it opens on (``AudibleEnd/start(of:sampleRate:)``).
    @OptionalField(key: "audible_start") var audibleStart: Double?
    /// The detected candidates, best first, space-separated (`170.0 85.0 113.3`).
    @Field(key: "bpm_candidates") var bpmCandidates: String
    @OptionalField(key: "corrected_bpm") var correctedBPM: Double?
    /// Credit and licence for music the user did not make (the demo songs).
    @OptionalField(key: "attribution") var attribution: String?
    @Field(key: "created_at") var createdAt: Date

    init() {}

    /// The tempo workouts use: the user's, else the detected one.
    var bpm: Double? { correctedBPM ?? detectedBPM }

    var candidates: [Double] { bpmCandidates.split(separator: " ").compactMap { Double($0) } }

    var audioFormat: AudioFormat { AudioFormat(rawValue: format) ?? .mp3 }

    /// The song as the music chooser sees it: as long as its sound lasts.
    func librarySong() throws -> LibrarySong {
        LibrarySong(
            id: try requireID().uuidString, artist: artist, genre: genre, bpm: bpm,
            seconds: AudibleEnd.playableSeconds(duration: seconds, audibleEnd: audibleEnd), beatOffset: beatOffset,
            start: audibleStart ?? 0)
    }
}
