/// Whether an uploaded file may join a song library, from its first bytes and its probe.
/// Each refusal has a message key for the 422 the uploader sees.
public enum SongFileCheck {
    /// The shortest and longest song accepted, and the time its decoding may take.
    public struct Limits: Equatable, Sendable {
        public var minimumSeconds: Double
        public var maximumSeconds: Double
        /// Decoding time allowed per minute of sound decoded: ffmpeg decodes a song about a
        /// hundred times faster than it plays, so 12 s a minute (60 s for the five minutes a
        /// tempo is read from) leaves room for a busy machine and none for a file made to be
        /// slow; past it the file is too costly to read.
        public var decodingSecondsPerMinute: Double
        /// The least decoding time any song is given.
        public var minimumDecodingSeconds: Double

        public init(
            minimumSeconds: Double = 5, maximumSeconds: Double = 20 * 60, decodingSecondsPerMinute: Double = 12,
            minimumDecodingSeconds: Double = 20
        ) {
            self.minimumSeconds = minimumSeconds
            self.maximumSeconds = maximumSeconds
            self.decodingSecondsPerMinute = decodingSecondsPerMinute
            self.minimumDecodingSeconds = minimumDecodingSeconds
        }

        /// The time decoding `seconds` of sound may take.
        public func decodingBudget(forSeconds seconds: Double) -> Double {
            max(minimumDecodingSeconds, seconds / 60 * decodingSecondsPerMinute)
        }
    }

    public enum Problem: Error, Equatable, Sendable {
        /// The bytes are none of the accepted formats, or ffprobe finds no sound in them.
        case notAudio
        /// A video, not a song.
        case video
        case tooShort
        /// Longer than the limit (a 10-hour file): decoding it would hold a worker for minutes.
        case tooLong(maximumMinutes: Int)

        /// The String Catalog key of the message.
        public var messageKey: String {
            switch self {
            case .notAudio: "error.song.notAudio"
            case .video: "error.song.video"
            case .tooShort: "error.song.tooShort"
            case .tooLong: "error.song.tooLong"
            }
        }
    }

    /// The format the header names, if the bytes are one at all (checked before ffprobe runs).
    public static func format(ofHeader header: [UInt8]) -> Result<AudioFormat, Problem> {
        AudioFormat.sniff(header).map { .success($0) } ?? .failure(.notAudio)
    }

    /// Whether the probe agrees with the sniffed format and the length is within the limits.
    public static func check(_ probe: AudioProbe, format: AudioFormat, limits: Limits) -> Result<Double, Problem> {
        guard probe.hasAudio, format.matches(demuxer: probe.formatName) else { return .failure(.notAudio) }
        guard !probe.hasVideo else { return .failure(.video) }
        guard let seconds = probe.seconds else { return .failure(.notAudio) }
        guard seconds >= limits.minimumSeconds else { return .failure(.tooShort) }
        guard seconds <= limits.maximumSeconds else { return .failure(.tooLong(maximumMinutes: Int(limits.maximumSeconds / 60))) }
        return .success(seconds)
    }
}
