import CKineticZlib

/// gzip (RFC 1952) with zlib: what every HTTP client reads.
public enum Gzip {
    /// `bytes` compressed at `level` (1 fastest … 9 smallest; zlib's default is 6) in one go.
    public static func compress(_ bytes: UnsafeRawBufferPointer, level: Int32 = 6) throws(CompressionFailure) -> [UInt8] {
        var stream = z_stream()
        // 15 + 16: the largest window, written with a gzip header and trailer.
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, MAX_WBITS + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw CompressionFailure(coding: "gzip") }
        defer { deflateEnd(&stream) }
        let capacity = Int(deflateBound(&stream, uLong(bytes.count)))
        var output = [UInt8](repeating: 0, count: capacity)
        let result = output.withUnsafeMutableBufferPointer { outputBuffer in
            stream.next_in = UnsafeMutablePointer(mutating: bytes.bindMemory(to: UInt8.self).baseAddress)
            stream.avail_in = uInt(bytes.count)
            stream.next_out = outputBuffer.baseAddress
            stream.avail_out = uInt(outputBuffer.count)
            return deflate(&stream, Z_FINISH)
        }
        guard result == Z_STREAM_END else { throw CompressionFailure(coding: "gzip") }
        output.removeLast(Int(stream.avail_out))
        return output
    }

    /// `bytes` decompressed; for checks, as a client would read a response.
    public static func decompress(_ bytes: [UInt8]) throws(CompressionFailure) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, MAX_WBITS + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw CompressionFailure(coding: "gzip") }
        defer { inflateEnd(&stream) }
        var input = bytes
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1_024)
        let ended = input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = uInt(chunkBuffer.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, chunkBuffer.count - Int(stream.avail_out))
                }
                result += chunk[0..<produced]
                if status == Z_STREAM_END { return true }
                if status != Z_OK || produced == 0 { return false }
            }
        }
        guard ended else { throw CompressionFailure(coding: "gzip") }
        return result
    }
}

/// A coding's library refused its input or could not start.
public struct CompressionFailure: Error, CustomStringConvertible {
    public let coding: String
    public var description: String { "\(coding) could not code the bytes" }
}
