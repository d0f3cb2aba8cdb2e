import Foundation

/// What `ffprobe -print_format json -show_format -show_streams` says about a file: its
/// demuxer, its length, whether it carries sound, and its title, artist and genre tags.
public struct AudioProbe: Equatable, Sendable {
    /// ffprobe's `format_name`, e.g. `mp3` or `mov,mp4,m4a,3gp,3g2,mj2`.
    public let formatName: String
    /// The length in seconds; nil when the file does not say.
    public let seconds: Double?
    /// Whether an audio stream is there.
    public let hasAudio: Bool
    /// Whether a moving-picture stream is there (cover art does not count).
    public let hasVideo: Bool
    public let title: String?
    public let artist: String?
    public let genre: String?

    public init(
        formatName: String, seconds: Double?, hasAudio: Bool, hasVideo: Bool, title: String? = nil, artist: String? = nil,
        genre: String? = nil
    ) {
        self.formatName = formatName
        self.seconds = seconds
        self.hasAudio = hasAudio
        self.hasVideo = hasVideo
        self.title = title
        self.artist = artist
        self.genre = genre
    }

    /// Reads ffprobe's JSON. Tags are looked up without regard to case (ID3 writes `title`,
    /// Vorbis comments `TITLE`), in the container's tags and then the audio stream's (OGG keeps
    /// them on the stream); each is trimmed, and an empty one is nil.
    public init?(json: Data) {
        guard let output = try? JSONDecoder().decode(Output.self, from: json), let format = output.format else { return nil }
        let streams = output.streams ?? []
        let audio = streams.filter { $0.codec_type == "audio" }
        func tag(_ name: String) -> String? {
            for tags in [format.tags] + audio.map(\.tags) {
                if let value = tags?.first(where: { $0.key.lowercased() == name })?.value {
                    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
                    if !trimmed.isEmpty { return String(trimmed.prefix(Self.longestTag)) }
                }
            }
            return nil
        }
        let seconds = format.duration.flatMap(Double.init) ?? audio.compactMap { $0.duration.flatMap(Double.init) }.max()
        self.init(
            formatName: format.format_name ?? "",
            seconds: seconds.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil },
            hasAudio: !audio.isEmpty,
            hasVideo: streams.contains { $0.codec_type == "video" && $0.disposition?["attached_pic"] != 1 },
            title: tag("title"), artist: tag("artist"), genre: tag("genre")
        )
    }

    /// Tags longer than this are cut.
    public static let longestTag = 200

    private struct Output: Decodable {
        let format: Format?
        let streams: [Stream]?
    }

    private struct Format: Decodable {
        let format_name: String?
        let duration: String?
        let tags: [String: String]?
    }

    private struct Stream: Decodable {
        let codec_type: String?
        let duration: String?
        let tags: [String: String]?
        let disposition: [String: Int]?
    }
}
