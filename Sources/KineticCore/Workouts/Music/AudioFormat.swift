/// The audio containers a song upload may be, recognised by their first bytes (never by the
/// file's name or the declared type: a renamed text file is not a song).
public enum AudioFormat: String, CaseIterable, Sendable {
    case mp3, ogg, wav, flac, m4a

    /// How many leading bytes ``sniff(_:)`` needs.
    public static let headerLength = 12

    /// The format whose signature `header` starts with, or nil:
    /// - MP3: an ID3v2 tag (`ID3`) or an MPEG-1/2 Layer III frame sync (11 set bits, a valid
    ///   version, layer III, a bitrate index other than 15);
    /// - OGG: `OggS`; WAV: `RIFF`, a size, `WAVE`; FLAC: `fLaC`;
    /// - M4A: an ISO base media `ftyp` box at offset 4.
    public static func sniff(_ header: [UInt8]) -> AudioFormat? {
        func starts(with text: String, at offset: Int = 0) -> Bool {
            let bytes = Array(text.utf8)
            return header.count >= offset + bytes.count && Array(header[offset..<offset + bytes.count]) == bytes
        }
        if starts(with: "ID3") { return .mp3 }
        if starts(with: "OggS") { return .ogg }
        if starts(with: "RIFF"), starts(with: "WAVE", at: 8) { return .wav }
        if starts(with: "fLaC") { return .flac }
        if starts(with: "ftyp", at: 4) { return .m4a }
        if header.count >= 3, header[0] == 0xFF, header[1] & 0xE0 == 0xE0 {
            let version = (header[1] >> 3) & 0b11, layer = (header[1] >> 1) & 0b11, bitrate = header[2] >> 4
            if version != 0b01, layer == 0b01, bitrate != 0b1111 { return .mp3 }
        }
        return nil
    }

    /// The `Content-Type` the file is served with.
    public var mediaType: String {
        switch self {
        case .mp3: "audio/mpeg"
        case .ogg: "audio/ogg"
        case .wav: "audio/wav"
        case .flac: "audio/flac"
        case .m4a: "audio/mp4"
        }
    }

    /// Whether ffprobe's `format_name` (a comma-separated list of demuxer names) is this
    /// format's container, so the bytes and the decoder agree.
    public func matches(demuxer formatName: String) -> Bool {
        let names = Set(formatName.split(separator: ",").map(String.init))
        switch self {
        case .mp3: return names.contains("mp3")
        case .ogg: return names.contains("ogg")
        case .wav: return names.contains("wav")
        case .flac: return names.contains("flac")
        case .m4a: return names.contains("mp4") || names.contains("m4a") || names.contains("mov")
        }
    }
}
