import CKineticZlib
import Foundation

/// A zip file opened for reading, every number in it checked against the file before it is used.
///
/// Kinetic reads zips that strangers upload (Apple Health exports, report libraries), so nothing
/// a zip says is taken on trust: the end record, the zip64 records and every central directory
/// record are read into bounded buffers; each size and offset is a `UInt64` compared with the
/// file's real size before it becomes an `Int`; an entry's data must lie between its local header
/// and the central directory; and extraction reads exactly the entry's compressed bytes and
/// stops at its declared size. A zip that breaks any of this is refused with
/// ``ZipArchiveError`` before a byte of it is extracted.
///
/// Why not ZIPFoundation, which Kinetic used before: on hostile archives its reader traps on
/// sizes and offsets of 2^63 and more (`off_t(offset)` behind guards that compare with
/// `UInt64.max`) and, on Linux, inflates past the end of an entry and spins forever on a
/// deflate stream that never ends (weichsel/ZIPFoundation PR #389, not in a release).
public struct ZipArchive: Sendable {
    /// One file or folder of the archive, as its central directory describes it.
    public struct Entry: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case file
            case directory
            case symbolicLink
        }

        public enum Method: Sendable, Equatable {
            case stored
            case deflated
            /// Another compression method (its number), or encryption: refused when extracted.
            case unsupported(String)
        }

        public let path: String
        public let kind: Kind
        public let method: Method
        public let compressedSize: Int
        public let uncompressedSize: Int
        public let crc32: UInt32
        let localHeaderOffset: Int
    }

    /// How much of a central directory is read at most.
    public struct Limits: Sendable, Equatable {
        public var maximumEntries: Int
        public var maximumDirectoryBytes: Int

        public init(maximumEntries: Int = 100_000, maximumDirectoryBytes: Int = 64 << 20) {
            self.maximumEntries = maximumEntries
            self.maximumDirectoryBytes = maximumDirectoryBytes
        }
    }

    public let url: URL
    public let entries: [Entry]
    /// Where the central directory starts: every entry's data ends before it.
    let directoryOffset: Int

    /// Opens the zip at `url` and checks its directory; throws ``ZipArchiveError``.
    public init(url: URL, limits: Limits = Limits()) throws {
        self.url = url
        let file = try ZipFile(url: url)
        defer { file.close() }
        let end = try Self.endRecord(in: file)
        guard end.entryCount <= UInt64(limits.maximumEntries) else { throw ZipArchiveError.tooManyEntries(limit: limits.maximumEntries) }
        guard end.directorySize <= UInt64(limits.maximumDirectoryBytes) else {
            throw ZipArchiveError.damaged("its central directory is too large")
        }
        let (directoryEnd, overflow) = end.directoryOffset.addingReportingOverflow(end.directorySize)
        guard !overflow, directoryEnd <= UInt64(end.recordOffset) else {
            throw ZipArchiveError.damaged("its central directory lies outside the file")
        }
        let directoryOffset = Int(end.directoryOffset)
        let directory = try file.read(at: directoryOffset, count: Int(end.directorySize))
        var reader = ByteReader(directory)
        var entries: [Entry] = []
        entries.reserveCapacity(Int(end.entryCount))
        for _ in 0..<Int(end.entryCount) {
            entries.append(try Self.entry(from: &reader, directoryOffset: directoryOffset))
        }
        // No entry's data starts inside another's header and data: overlapping entries are how a
        // small zip claims to hold much more than it does. (A header's name and extra field are
        // not counted here; whatever they could share, the sum of the entries' data stays within
        // the file.)
        let spans = entries.map { (start: $0.localHeaderOffset, end: $0.localHeaderOffset + 30 + $0.compressedSize) }.sorted {
            $0.start < $1.start
        }
        for (previous, next) in zip(spans, spans.dropFirst()) where next.start < previous.end {
            throw ZipArchiveError.damaged("two of its entries overlap")
        }
        self.entries = entries
        self.directoryOffset = directoryOffset
    }

    // MARK: - The end of central directory records

    private struct EndRecord {
        let recordOffset: Int
        let entryCount: UInt64
        let directorySize: UInt64
        let directoryOffset: UInt64
    }

    private static let endSignature: UInt32 = 0x0605_4B50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    private static let zip64EndSignature: UInt32 = 0x0606_4B50
    private static let directorySignature: UInt32 = 0x0201_4B50
    private static let localSignature: UInt32 = 0x0403_4B50

    /// The last end record whose comment ends within the file, and the zip64 one it points to
    /// when its fields say so.
    private static func endRecord(in file: ZipFile) throws -> EndRecord {
        let tailLength = min(file.size, 22 + 0xFFFF)
        let tail = [UInt8](try file.read(at: file.size - tailLength, count: tailLength))
        var found: Int?
        var index = tail.count - 22
        // One pass over the bytes in place: `PK\5\6`, then a comment that ends within the file.
        while index >= 0 {
            if tail[index] == 0x50, tail[index + 1] == 0x4B, tail[index + 2] == 0x05, tail[index + 3] == 0x06,
                index + 22 + (Int(tail[index + 20]) | Int(tail[index + 21]) << 8) <= tail.count
            {
                found = index
                break
            }
            index -= 1
        }
        guard let found else { throw ZipArchiveError.notAZip }
        var reader = ByteReader(Array(tail[(found + 4)...]))
        let disk = try reader.uint16(), directoryDisk = try reader.uint16()
        _ = try reader.uint16()
        let count = try reader.uint16()
        let size = try reader.uint32(), offset = try reader.uint32()
        let recordOffset = file.size - tailLength + found
        guard disk == 0 || disk == 0xFFFF, directoryDisk == 0 || directoryDisk == 0xFFFF else {
            throw ZipArchiveError.unsupported("it spans several disks")
        }
        guard count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF else {
            return EndRecord(
                recordOffset: recordOffset, entryCount: UInt64(count), directorySize: UInt64(size), directoryOffset: UInt64(offset))
        }
        // Zip64: the locator sits right before the end record and names where its record is.
        guard recordOffset >= 20 else { throw ZipArchiveError.damaged("its zip64 records are missing") }
        var locator = ByteReader(try file.read(at: recordOffset - 20, count: 20))
        guard try locator.uint32() == zip64LocatorSignature else {
            return EndRecord(
                recordOffset: recordOffset, entryCount: UInt64(count), directorySize: UInt64(size), directoryOffset: UInt64(offset))
        }
        _ = try locator.uint32()
        let zip64Offset = try locator.uint64()
        guard zip64Offset <= UInt64(recordOffset - 20), UInt64(recordOffset - 20) - zip64Offset >= 56 else {
            throw ZipArchiveError.damaged("its zip64 end record lies outside the file")
        }
        var record = ByteReader(try file.read(at: Int(zip64Offset), count: 56))
        guard try record.uint32() == zip64EndSignature else { throw ZipArchiveError.damaged("its zip64 end record is missing") }
        record.skip(20)
        _ = try record.uint64()
        let zip64Count = try record.uint64(), zip64Size = try record.uint64(), zip64DirectoryOffset = try record.uint64()
        return EndRecord(
            recordOffset: Int(zip64Offset), entryCount: zip64Count, directorySize: zip64Size, directoryOffset: zip64DirectoryOffset)
    }

    // MARK: - Central directory records

    private static func entry(from reader: inout ByteReader, directoryOffset: Int) throws -> Entry {
        guard try reader.uint32() == directorySignature else {
            throw ZipArchiveError.damaged("its central directory ends before the entries it counts")
        }
        let madeBy = try reader.uint16()
        _ = try reader.uint16()
        let flags = try reader.uint16(), methodNumber = try reader.uint16()
        reader.skip(4)
        let crc = try reader.uint32()
        var compressed = UInt64(try reader.uint32()), uncompressed = UInt64(try reader.uint32())
        let nameLength = Int(try reader.uint16()), extraLength = Int(try reader.uint16()), commentLength = Int(try reader.uint16())
        reader.skip(4)
        let externalAttributes = try reader.uint32()
        var localOffset = UInt64(try reader.uint32())
        let nameBytes = try reader.bytes(nameLength)
        var extra = ByteReader(try reader.bytes(extraLength))
        _ = try reader.bytes(commentLength)
        let path = String(decoding: nameBytes, as: UTF8.self)
        // The zip64 extra field holds, in this order, each size or offset whose field is full.
        while extra.remaining >= 4 {
            let id = try extra.uint16(), length = Int(try extra.uint16())
            var field = ByteReader(try extra.bytes(length))
            guard id == 0x0001 else { continue }
            if uncompressed == 0xFFFF_FFFF { uncompressed = try field.uint64() }
            if compressed == 0xFFFF_FFFF { compressed = try field.uint64() }
            if localOffset == 0xFFFF_FFFF { localOffset = try field.uint64() }
        }
        // Every entry's data lies between its local header and the central directory.
        let limit = UInt64(directoryOffset)
        guard localOffset < limit, limit - localOffset >= 30, compressed <= limit - localOffset - 30 else {
            throw ZipArchiveError.damaged("\(path) claims data outside the file")
        }
        guard uncompressed <= UInt64(Int.max) else { throw ZipArchiveError.damaged("\(path) claims a size no file has") }
        let method: Entry.Method
        if flags & 0x0001 != 0 {
            method = .unsupported("encrypted")
        } else {
            switch methodNumber {
            case 0:
                guard compressed == uncompressed else { throw ZipArchiveError.damaged("\(path) is stored, yet its two sizes differ") }
                method = .stored
            case 8: method = .deflated
            default: method = .unsupported("compression method \(methodNumber)")
            }
        }
        let unixMode = (externalAttributes >> 16) & 0o170000
        let kind: Entry.Kind =
            if madeBy >> 8 == 3, unixMode == 0o120000 { .symbolicLink } else if path.hasSuffix("/") { .directory } else { .file }
        return Entry(
            path: path, kind: kind, method: method, compressedSize: Int(compressed), uncompressedSize: Int(uncompressed), crc32: crc,
            localHeaderOffset: Int(localOffset))
    }

    // MARK: - Extraction

    /// Calls `consumer` with the entry's bytes, in chunks of at most `chunkSize`, reading exactly
    /// its compressed bytes: never more than its declared size comes out, and a stream that ends
    /// early, yields more than its declared size, or does not match its checksum is refused as
    /// damaged.
    public func extract(_ entry: Entry, chunkSize: Int = 1 << 20, checksum: Bool = true, consumer: (Data) throws -> Void) throws {
        if case .unsupported(let what) = entry.method { throw ZipArchiveError.unsupported("\(entry.path) uses \(what)") }
        let file = try ZipFile(url: url)
        defer { file.close() }
        var header = ByteReader(try file.read(at: entry.localHeaderOffset, count: 30))
        guard try header.uint32() == Self.localSignature else { throw ZipArchiveError.damaged("\(entry.path) has no local header") }
        header.skip(22)
        let nameLength = Int(try header.uint16()), extraLength = Int(try header.uint16())
        let dataOffset = entry.localHeaderOffset + 30 + nameLength + extraLength
        guard dataOffset <= directoryOffset, entry.compressedSize <= directoryOffset - dataOffset else {
            throw ZipArchiveError.damaged("\(entry.path) runs into the central directory")
        }
        var produced = 0
        var crc: uLong = crc32(0, nil, 0)
        func deliver(_ data: Data) throws {
            guard !data.isEmpty else { return }
            produced += data.count
            guard produced <= entry.uncompressedSize else {
                throw ZipArchiveError.damaged("\(entry.path) holds more than its declared size")
            }
            if checksum {
                crc = data.withUnsafeBytes { CKineticZlib.crc32(crc, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count)) }
            }
            try consumer(data)
        }
        let step = max(1, chunkSize)
        switch entry.method {
        case .stored:
            var offset = 0
            while offset < entry.compressedSize {
                let count = min(step, entry.compressedSize - offset)
                try deliver(try file.read(at: dataOffset + offset, count: count))
                offset += count
            }
        case .deflated:
            let inflater = try Inflater()
            var offset = 0
            var ended = false
            while !ended {
                let count = min(step, entry.compressedSize - offset)
                let input = count > 0 ? try file.read(at: dataOffset + offset, count: count) : Data()
                offset += count
                ended = try inflater.inflate(input, outputChunk: step, isLastInput: offset == entry.compressedSize, deliver: deliver)
            }
        case .unsupported: break
        }
        guard produced == entry.uncompressedSize else { throw ZipArchiveError.damaged("\(entry.path) is shorter than its declared size") }
        guard !checksum || UInt32(truncatingIfNeeded: crc) == entry.crc32 else {
            throw ZipArchiveError.damaged("\(entry.path) does not match its checksum")
        }
    }
}

/// Why a zip was refused.
public enum ZipArchiveError: Error, Equatable, CustomStringConvertible {
    case notAZip
    case damaged(String)
    case unsupported(String)
    case tooManyEntries(limit: Int)

    public var description: String {
        switch self {
        case .notAZip: "it is not a zip file"
        case .damaged(let what): "it is damaged: \(what)"
        case .unsupported(let what): "it is a kind of zip Kinetic cannot read: \(what)"
        case .tooManyEntries(let limit): "it holds more than \(limit) entries"
        }
    }
}
