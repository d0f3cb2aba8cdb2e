import Foundation

/// A song as the workout's music chooser sees it.
public struct LibrarySong: Equatable, Sendable {
    public let id: String
    public let artist: String?
    public let genre: String?
    /// The tempo the user confirmed, else the detected one; nil when neither is known.
    public let bpm: Double?
    public let seconds: Double
    /// The second of its first beat at ``bpm`` (its beats fall on it plus whole beats); nil when unknown.
    public let beatOffset: Double?
    /// The second its sound starts (``AudibleEnd/start(of:sampleRate:)``): where it is played from
    /// the beginning.
    public let start: Double

    public init(
        id: String, artist: String?, genre: String?, bpm: Double?, seconds: Double, beatOffset: Double? = nil, start: Double = 0
    ) {
        self.id = id
        self.artist = artist
        self.genre = genre
        self.bpm = bpm
        self.seconds = seconds
        self.beatOffset = beatOffset
        self.start = min(max(0, start), max(0, seconds - 1))
    }
}

/// A music theme (the seed's "Adding a Theme"): what it selects from the user's songs — an
/// artist, a genre or one song.
public struct MusicTheme: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case artist, genre, song
    }

    public let kind: Kind
    /// The artist's or genre's name, or the song's id.
    public let value: String

    public init(kind: Kind, value: String) {
        self.kind = kind
        self.value = value
    }

    /// Whether the theme selects `song`. Names compare without regard to case, accents or
    /// surrounding spaces; a genre tag naming several genres (`Rock; Metal`, `Rock/Metal`,
    /// `Rock, Metal`) matches each of them.
    public func selects(_ song: LibrarySong) -> Bool {
        switch kind {
        case .song: song.id == value
        case .artist: song.artist.map { Self.folded($0) == Self.folded(value) } ?? false
        case .genre:
            song.genre.map { Self.genres(inTag: $0).contains { Self.folded($0) == Self.folded(value) } } ?? false
        }
    }

    /// The genres a genre tag names: `Rock; Metal`, `Rock/Metal` and `Rock, Metal` name two.
    public static func genres(inTag tag: String) -> [String] {
        tag.split(whereSeparator: { ";/,".contains($0) }).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// How many of `library`'s songs the theme selects.
    public func songCount(in library: [LibrarySong]) -> Int {
        library.filter(selects).count
    }

    /// The songs any of `themes` selects, in library order; the whole library when no theme
    /// is chosen.
    public static func songs(_ library: [LibrarySong], selectedBy themes: [MusicTheme]) -> [LibrarySong] {
        themes.isEmpty ? library : library.filter { song in themes.contains { $0.selects(song) } }
    }

    /// How many of the `workouts` a theme is meant for are left after `played` (the seed's
    /// "# of workouts"): each complete workout played with the theme (one that counts, see
    /// ``WorkoutEffort``) uses one. At none left the theme is used up: Get Workout no longer
    /// offers it, a selection naming it is refused, and the Themes page says so.
    public static func workoutsLeft(of workouts: Int, played: Int) -> Int { max(0, workouts - max(0, played)) }

    static func folded(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
