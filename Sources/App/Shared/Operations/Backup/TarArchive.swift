import Foundation

/// The archive `kinetic backup` writes: a POSIX tar (ustar) file, which `tar tf` lists and `tar xf`
/// unpacks anywhere. Entries are written one after another and never revisited, so an archive of a
/// hundred thousand page images costs what its bytes cost. (ZIPFoundation, which the app uses for
/// report libraries, rewrites its whole central directory on every entry it adds: quadratic for a
/// media store.)
///
/// Names up to 255 bytes go in ustar's name and prefix fields; sizes of 8 GiB and more in GNU
/// tar's base-256 form, which GNU tar and bsdtar read.
struct TarWriter {
    private let handle: FileHandle
    /// When every entry was last modified: when the archive was made.
    private let modified: Date

    init(creating file: URL, modified: Date) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else { throw TarError.cannotWrite(file.path) }
        handle = try FileHandle(forWritingTo: file)
        self.modified = modified
    }

    /// Adds `data` as the file `name`.
    func add(_ name: String, data: Data) throws {
        try handle.write(contentsOf: try TarHeader.make(name: name, size: Int64(data.count), modified: modified))
        try handle.write(contentsOf: data)
        try pad(Int64(data.count))
    }

    /// Adds the file at `file` as `name`, copied 1 MiB at a time.
    func add(_ name: String, file: URL) throws {
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int64 ?? 0
        try handle.write(contentsOf: try TarHeader.make(name: name, size: size, modified: modified))
        let reader = try FileHandle(forReadingFrom: file)
        defer { try? reader.close() }
        var copied: Int64 = 0
        while let chunk = try reader.read(upToCount: 1 << 20), !chunk.isEmpty {
            copied += Int64(chunk.count)
            guard copied <= size else { throw TarError.changedWhileWritten(name) }
            try handle.write(contentsOf: chunk)
        }
        guard copied == size else { throw TarError.changedWhileWritten(name) }
        try pad(size)
    }

    /// Closes the file without ending the archive (it is being given up).
    func close() { try? handle.close() }

    /// Ends the archive (two zero blocks) and closes it.
    func finish() throws {
        try handle.write(contentsOf: Data(count: 1024))
        try handle.synchronize()
        try handle.close()
    }

    private func pad(_ size: Int64) throws {
        let remainder = Int(size % 512)
        if remainder > 0 { try handle.write(contentsOf: Data(count: 512 - remainder)) }
    }
}

/// Reads an archive ``TarWriter`` wrote (or any ustar archive of plain files), checking every
/// header: its checksum, its size against what the file holds, its name. Other kinds of entries
/// (folders, links, pax headers) are skipped over.
struct TarReader: Sendable {
    struct Entry: Sendable {
        let name: String
        let size: Int64
        /// Where its bytes start in the archive.
        let offset: UInt64
    }

    private let handle: FileHandle
    private let length: UInt64

    init(reading file: URL) throws {
        handle = try FileHandle(forReadingFrom: file)
        length = try handle.seekToEnd()
        try handle.seek(toOffset: 0)
    }

    func close() { try? handle.close() }

    /// Every file entry in order, read from the headers alone (skipping over the bytes).
    func entries() throws -> [Entry] {
        var entries: [Entry] = []
        var offset: UInt64 = 0
        while true {
            guard offset + 512 <= length else { throw TarError.truncated }
            try handle.seek(toOffset: offset)
            let block = try handle.read(upToCount: 512) ?? Data()
            guard block.count == 512 else { throw TarError.truncated }
            if block.allSatisfy({ $0 == 0 }) { return entries }
            let header = try TarHeader.read(block)
            let start = offset + 512
            let padded = (UInt64(header.size) + 511) / 512 * 512
            guard start + padded <= length else { throw TarError.truncated }
            if header.isFile { entries.append(Entry(name: header.name, size: header.size, offset: start)) }
            offset = start + padded
        }
    }

    /// The bytes of `entry`, refused beyond `maximumBytes`.
    func data(_ entry: Entry, maximumBytes: Int) throws -> Data {
        guard entry.size <= maximumBytes else { throw TarError.entryTooLarge(entry.name) }
        try handle.seek(toOffset: entry.offset)
        let data = try handle.read(upToCount: Int(entry.size)) ?? Data()
        guard data.count == entry.size else { throw TarError.truncated }
        return data
    }

    /// Copies `entry` to the file `file`, 1 MiB at a time.
    func extract(_ entry: Entry, to file: URL) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else { throw TarError.cannotWrite(file.path) }
        let writer = try FileHandle(forWritingTo: file)
        defer { try? writer.close() }
        try handle.seek(toOffset: entry.offset)
        var left = entry.size
        while left > 0 {
            let chunk = try handle.read(upToCount: Int(min(left, 1 << 20))) ?? Data()
            guard !chunk.isEmpty else { throw TarError.truncated }
            try writer.write(contentsOf: chunk)
            left -= Int64(chunk.count)
        }
    }
}

enum TarError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(String)
    case nameTooLong(String)
    case badHeader(String)
    case truncated
    case entryTooLarge(String)
    case changedWhileWritten(String)

    var description: String {
        switch self {
        case .cannotWrite(let path): "cannot write \(path)"
        case .nameTooLong(let name): "the name \(name) is longer than a tar archive holds (255 bytes)"
        case .badHeader(let why): "the archive is damaged: \(why)"
        case .truncated: "the archive is cut short"
        case .entryTooLarge(let name): "the archive's \(name) is larger than it can be"
        case .changedWhileWritten(let name): "\(name) changed while it was being archived"
        }
    }
}

/// One 512-byte ustar header.
enum TarHeader {
    /// The largest size in ustar's 11 octal digits; larger ones are written base-256.
    static let largestOctalSize: Int64 = 0o77777777777

    static func make(name: String, size: Int64, modified: Date) throws -> Data {
        let (prefix, rest) = try split(name)
        var block = [UInt8](repeating: 0, count: 512)
        func put(_ text: String, at offset: Int, width: Int) {
            for (index, byte) in text.utf8.prefix(width).enumerated() { block[offset + index] = byte }
        }
        func octal(_ value: Int64, at offset: Int, width: Int) {
            put(String(value, radix: 8).leftPadded(to: width - 1), at: offset, width: width - 1)
        }
        put(rest, at: 0, width: 100)
        octal(0o644, at: 100, width: 8)
        octal(0, at: 108, width: 8)
        octal(0, at: 116, width: 8)
        if size <= largestOctalSize {
            octal(size, at: 124, width: 12)
        } else {
            block[124] = 0x80
            for index in 0..<8 { block[135 - index] = UInt8(truncatingIfNeeded: size >> (8 * index)) }
        }
        octal(Int64(modified.timeIntervalSince1970), at: 136, width: 12)
        block[156] = UInt8(ascii: "0")
        put("ustar", at: 257, width: 6)
        put("00", at: 263, width: 2)
        put(prefix, at: 345, width: 155)
        for index in 148..<156 { block[index] = UInt8(ascii: " ") }
        let checksum = block.reduce(0) { $0 + Int64($1) }
        put(String(checksum, radix: 8).leftPadded(to: 6), at: 148, width: 6)
        block[154] = 0
        return Data(block)
    }

    struct Read {
        let name: String
        let size: Int64
        let isFile: Bool
    }

    static func read(_ data: Data) throws -> Read {
        let block = [UInt8](data)
        let stored = try number(block[148..<156], "checksum")
        var unsigned: Int64 = 0
        for (index, byte) in block.enumerated() { unsigned += (148..<156).contains(index) ? 32 : Int64(byte) }
        guard stored == unsigned else { throw TarError.badHeader("a header's checksum does not match") }
        let size: Int64
        if block[124] & 0x80 != 0 {
            guard block[124] == 0x80, block[125..<128].allSatisfy({ $0 == 0 }) else { throw TarError.badHeader("a size is out of range") }
            size = block[128..<136].reduce(Int64(0)) { ($0 << 8) | Int64($1) }
            guard size >= 0 else { throw TarError.badHeader("a size is out of range") }
        } else {
            size = try number(block[124..<136], "size")
        }
        let name = text(block[0..<100]), prefix = text(block[345..<500])
        let type = block[156]
        return Read(name: prefix.isEmpty ? name : prefix + "/" + name, size: size, isFile: type == UInt8(ascii: "0") || type == 0)
    }

    /// Splits `name` into ustar's prefix (up to 155 bytes) and name (up to 100) at a slash.
    private static func split(_ name: String) throws -> (prefix: String, name: String) {
        let bytes = Array(name.utf8)
        if bytes.count <= 100 { return ("", name) }
        guard bytes.count <= 256 else { throw TarError.nameTooLong(name) }
        for index in bytes.indices.reversed() where bytes[index] == UInt8(ascii: "/") {
            if index <= 155, bytes.count - index - 1 <= 100, index > 0 {
                return (String(decoding: bytes[..<index], as: UTF8.self), String(decoding: bytes[(index + 1)...], as: UTF8.self))
            }
        }
        throw TarError.nameTooLong(name)
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    private static func number(_ bytes: ArraySlice<UInt8>, _ what: String) throws -> Int64 {
        let digits = text(bytes).trimmingCharacters(in: CharacterSet(charactersIn: " "))
        guard !digits.isEmpty, digits.count <= 11, let value = Int64(digits, radix: 8), value >= 0 else {
            throw TarError.badHeader("a header's \(what) is not a number")
        }
        return value
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
