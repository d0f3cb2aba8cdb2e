import Foundation

/// A change to a song (`PATCH /api/v1/songs/{id}`, the Music page's edit form): the tempo the
/// user hears (notated and felt tempo often differ by an octave, so the detector's pick is
/// only a first guess), and the tags themes select by. Each member is optional; null clears
/// (for `bpm`: back to the detected tempo).
public struct SongEdit: Equatable, Sendable {
    /// Tempos a user may set.
    public static let bpmRange = 40.0...250.0

    /// nil: unchanged; `.some(nil)`: cleared.
    public var bpm: Double??
    public var title: String??
    public var artist: String??
    public var genre: String??

    public init(bpm: Double?? = nil, title: String?? = nil, artist: String?? = nil, genre: String?? = nil) {
        self.bpm = bpm
        self.title = title
        self.artist = artist
        self.genre = genre
    }

    /// Reads `members`: `bpm` a number in ``bpmRange`` (kept to one decimal), the tags
    /// strings of at most ``AudioProbe/longestTag`` characters, trimmed (an empty one clears).
    public static func validate(_ members: [String: JSONValue]) -> Result<SongEdit, FieldErrors> {
        var reader = JSONMemberReader(members, known: ["bpm", "title", "artist", "genre"])
        var edit = SongEdit()
        if let bpm = reader.nullableNumber("bpm") {
            if let value = bpm, !bpmRange.contains(value) { reader.fail("bpm", "error.song.bpmRange") }
            edit.bpm = .some(bpm.map { ($0 * 10).rounded() / 10 })
        }
        func tag(_ name: String) -> String?? {
            guard let text = reader.nullableString(name) else { return nil }
            let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let trimmed, trimmed.count > AudioProbe.longestTag { reader.fail(name, "error.song.tagTooLong") }
            return .some(trimmed?.isEmpty == false ? trimmed : nil)
        }
        edit.title = tag("title")
        edit.artist = tag("artist")
        edit.genre = tag("genre")
        return reader.result(edit)
    }
}
