import Foundation

/// The zip's file, read at offsets the caller has checked against ``size``.
final class ZipFile {
    let handle: FileHandle
    let size: Int

    init(url: URL) throws {
        do {
            handle = try FileHandle(forReadingFrom: url)
            let end = try handle.seekToEnd()
            guard let size = Int(exactly: end) else { throw ZipArchiveError.unsupported("it is too large") }
            self.size = size
        } catch let error as ZipArchiveError {
            throw error
        } catch {
            throw ZipArchiveError.damaged("it cannot be read (\(error.localizedDescription))")
        }
    }

    /// Exactly `count` bytes at `offset`, or ``ZipArchiveError/damaged(_:)`` when the file ends first.
    func read(at offset: Int, count: Int) throws -> Data {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else { throw ZipArchiveError.damaged("it ends early") }
        do {
            try handle.seek(toOffset: UInt64(offset))
            let data = try handle.read(upToCount: count) ?? Data()
            guard data.count == count else { throw ZipArchiveError.damaged("it ends early") }
            return data
        } catch let error as ZipArchiveError {
            throw error
        } catch {
            throw ZipArchiveError.damaged("it cannot be read (\(error.localizedDescription))")
        }
    }

    func close() {
        try? handle.close()
    }
}

/// Little-endian numbers read from a buffer, each read checked against its end.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var position: Int

    init(_ data: Data, at position: Int = 0) {
        bytes = [UInt8](data)
        self.position = position
    }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        position = 0
    }

    var remaining: Int { max(0, bytes.count - position) }

    mutating func skip(_ count: Int) {
        position += min(count, remaining)
    }

    mutating func bytes(_ count: Int) throws -> [UInt8] {
        guard count >= 0, count <= remaining else { throw ZipArchiveError.damaged("a record runs past its end") }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    mutating func uint16() throws -> UInt16 {
        let b = try bytes(2)
        return UInt16(b[0]) | UInt16(b[1]) << 8
    }

    mutating func uint32() throws -> UInt32 {
        let b = try bytes(4)
        return b.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func uint64() throws -> UInt64 {
        let b = try bytes(8)
        return b.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
}
