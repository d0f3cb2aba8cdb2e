/// The rules for a photo a sender uploads for a wish: what it is is read from its bytes (never
/// its name or declared type), its size from its header before anything decodes it (so a
/// small file claiming a gigantic picture is refused unopened), and how it is stored: at most
/// ``storedLongestSide`` pixels on its longer side, turned upright, without metadata.
public enum WishPhotoCheck {
    public enum Format: String, Sendable {
        case jpeg, png, webp

        /// What it is stored as: PNG stays PNG (it may be transparent), the others become JPEG.
        public var storedFormat: Format { self == .png ? .png : .jpeg }
        public var mediaType: String { "image/\(rawValue)" }
        public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
    }

    /// What the header says.
    public struct Header: Equatable, Sendable {
        public let format: Format
        public let width: Int
        public let height: Int
        /// The EXIF orientation (1–8; 1 is upright), for JPEG.
        public let orientation: Int

        public init(format: Format, width: Int, height: Int, orientation: Int = 1) {
            self.format = format
            self.width = width
            self.height = height
            self.orientation = orientation
        }
    }

    public enum Problem: Error, Equatable, Sendable {
        case notAnImage
        case tooSmall
        case tooLarge
        /// A JPEG saved in more passes (progressive scans) than ``maximumScans``.
        case tooManyScans(Int)

        /// The String Catalog key of the message.
        public var messageKey: String {
            switch self {
            case .notAnImage: "wishes.error.photo.notImage"
            case .tooSmall: "wishes.error.photo.small"
            case .tooLarge: "wishes.error.photo.large"
            case .tooManyScans: "wishes.error.photo.tooManyScans"
            }
        }

        /// What the message names.
        public var messageArguments: [String] {
            if case .tooManyScans(let count) = self { return [String(count), String(WishPhotoCheck.maximumScans)] }
            return []
        }
    }

    /// The most scans a JPEG may have. A progressive JPEG is drawn in passes, each decoded over
    /// the whole picture: cameras and editors write about 10, and libjpeg-turbo's `max_scans`
    /// guard exists because a file of a megabyte can hold thousands, each costing a full pass
    /// (the audit's 1.2 MB "scan bomb" held a decoder for a minute).
    public static let maximumScans = 100

    /// How many scans (start-of-scan segments) the JPEG `bytes` holds, walking its segments
    /// once; stops counting past `limit`. Nil when `bytes` is no JPEG or its segments run past
    /// the end: the decoder then says what is wrong.
    public static func scanCount(ofJPEG bytes: [UInt8], limit: Int = maximumScans) -> Int? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var scans = 0
        var index = 2
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            index += 2
            switch marker {
            case 0xFF:
                index -= 1 // a fill byte before the marker
            case 0xD9:
                return scans
            case 0x01, 0xD0...0xD7:
                continue // standalone markers: no length
            default:
                guard index + 1 < bytes.count else { return nil }
                let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                guard length >= 2, index + length <= bytes.count else { return nil }
                index += length
                guard marker == 0xDA else { continue }
                scans += 1
                if scans > limit { return scans }
                // The scan's coded data runs to the next marker that is not a stuffed byte or a restart.
                while index + 1 < bytes.count {
                    if bytes[index] == 0xFF, bytes[index + 1] != 0x00, !(0xD0...0xD7).contains(bytes[index + 1]) { break }
                    index += 1
                }
            }
        }
        return scans
    }

    /// The largest upload, in bytes.
    public static let maximumBytes = 15 << 20
    /// The most pixels a photo may have (a 48-megapixel phone photo is 8064 × 6048).
    public static let maximumPixels = 50_000_000
    public static let maximumSide = 12_000
    public static let minimumSide = 32
    public static let storedLongestSide = 2048
    /// How much of the file's start the header is read from (JPEG's EXIF may come first).
    public static let headerLength = 256 * 1024

    /// Reads and checks the header at the start of a file.
    public static func check(header bytes: [UInt8]) -> Result<Header, Problem> {
        guard let header = Self.header(of: bytes) else { return .failure(.notAnImage) }
        if header.width < minimumSide || header.height < minimumSide { return .failure(.tooSmall) }
        if header.width > maximumSide || header.height > maximumSide || header.width * header.height > maximumPixels {
            return .failure(.tooLarge)
        }
        return .success(header)
    }

    /// The stored picture's size: upright, scaled down (never up) so that its longer side is at
    /// most `longestSide` (``storedLongestSide`` for a wish's photo).
    public static func storedSize(of header: Header, fitting longestSide: Int = storedLongestSide) -> (width: Int, height: Int) {
        let upright = header.orientation >= 5 ? (header.height, header.width) : (header.width, header.height)
        let longest = max(upright.0, upright.1)
        guard longest > longestSide else { return upright }
        let scale = Double(longestSide) / Double(longest)
        return (max(1, Int((Double(upright.0) * scale).rounded())), max(1, Int((Double(upright.1) * scale).rounded())))
    }

    /// The ffmpeg filters that turn a picture with `orientation` upright (EXIF 2–8), or none.
    public static func uprightFilters(_ orientation: Int) -> [String] {
        switch orientation {
        case 2: ["hflip"]
        case 3: ["hflip", "vflip"]
        case 4: ["vflip"]
        case 5: ["transpose=0"]
        case 6: ["transpose=1"]
        case 7: ["transpose=3"]
        case 8: ["transpose=2"]
        default: []
        }
    }

    // MARK: - Headers

    static func header(of bytes: [UInt8]) -> Header? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return jpeg(bytes) }
        if bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return webp(bytes) }
        return nil
    }

    private static func png(_ bytes: [UInt8]) -> Header? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        return Header(format: .png, width: bigEndian(bytes, 16, 4), height: bigEndian(bytes, 20, 4))
    }

    /// Walks the JPEG markers to the frame header (SOF), noting the EXIF orientation on the way.
    private static func jpeg(_ bytes: [UInt8]) -> Header? {
        var index = 2
        var orientation = 1
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2
                continue
            }
            let length = bigEndian(bytes, index + 2, 2)
            guard length >= 2 else { return nil }
            let segment = index + 4
            if marker == 0xE1, segment + 6 <= bytes.count, Array(bytes[segment..<segment + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                orientation = exifOrientation(bytes, tiff: segment + 6, end: min(bytes.count, index + 2 + length)) ?? orientation
            }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard segment + 5 <= bytes.count else { return nil }
                return Header(
                    format: .jpeg, width: bigEndian(bytes, segment + 3, 2), height: bigEndian(bytes, segment + 1, 2),
                    orientation: orientation)
            }
            if marker == 0xDA || marker == 0xD9 { return nil }
            index += 2 + length
        }
        return nil
    }

    /// Tag 0x0112 of IFD0 in the TIFF structure at `tiff`.
    private static func exifOrientation(_ bytes: [UInt8], tiff: Int, end: Int) -> Int? {
        guard tiff + 8 <= end else { return nil }
        let little: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        let read = { (offset: Int, count: Int) -> Int? in
            guard offset >= tiff, offset + count <= end else { return nil }
            return little ? littleEndian(bytes, offset, count) : bigEndian(bytes, offset, count)
        }
        guard let ifd = read(tiff + 4, 4), let entries = read(tiff + ifd, 2) else { return nil }
        for entry in 0..<min(entries, 500) {
            let at = tiff + ifd + 2 + entry * 12
            guard let tag = read(at, 2) else { return nil }
            if tag == 0x0112, let value = read(at + 8, 2), (1...8).contains(value) { return value }
        }
        return nil
    }

    private static func webp(_ bytes: [UInt8]) -> Header? {
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
            return Header(format: .webp, width: littleEndian(bytes, 26, 2) & 0x3FFF, height: littleEndian(bytes, 28, 2) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let bits = littleEndian(bytes, 21, 4)
            return Header(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return Header(format: .webp, width: littleEndian(bytes, 24, 3) + 1, height: littleEndian(bytes, 27, 3) + 1)
        default:
            return nil
        }
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        guard offset >= 0, offset + count <= bytes.count else { return 0 }
        return bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        guard offset >= 0, offset + count <= bytes.count else { return 0 }
        return bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
