import CKineticZlib
import Foundation

/// zlib's raw inflate (a zip entry's deflate stream, without a zlib header), fed the entry's
/// compressed bytes only: a stream that needs more input than the entry has is damaged, never
/// a reason to read on.
final class Inflater {
    /// Allocated once: zlib's state points back at its stream, which must not move.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)

    init() throws {
        stream.initialize(to: z_stream())
        // On failure deinit still runs (every property is set), and frees the stream.
        guard inflateInit2_(stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ZipArchiveError.unsupported("zlib could not start")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Inflates `input`, handing each piece of output to `deliver`; answers whether the stream
    /// ended. `isLastInput`: no more input will come, so a stream that has not ended is damaged.
    func inflate(_ input: Data, outputChunk: Int, isLastInput: Bool, deliver: (Data) throws -> Void) throws -> Bool {
        var output = [UInt8](repeating: 0, count: outputChunk)
        var source = [UInt8](input)
        let count = source.count
        return try source.withUnsafeMutableBufferPointer { inputBuffer in
            stream.pointee.next_in = inputBuffer.baseAddress
            stream.pointee.avail_in = uInt(count)
            while true {
                let (result, produced) = output.withUnsafeMutableBufferPointer { outputBuffer in
                    stream.pointee.next_out = outputBuffer.baseAddress
                    stream.pointee.avail_out = uInt(outputBuffer.count)
                    let result = CKineticZlib.inflate(stream, Z_NO_FLUSH)
                    return (result, outputBuffer.count - Int(stream.pointee.avail_out))
                }
                if produced > 0 { try deliver(Data(output[0..<produced])) }
                switch result {
                case Z_STREAM_END:
                    return true
                case Z_OK:
                    if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 {
                        if isLastInput { throw ZipArchiveError.damaged("a compressed entry ends early") }
                        return false
                    }
                case Z_BUF_ERROR:
                    // No progress was possible: all input is used and the stream wants more.
                    if isLastInput { throw ZipArchiveError.damaged("a compressed entry ends early") }
                    return false
                default:
                    throw ZipArchiveError.damaged("a compressed entry is not valid deflate data")
                }
            }
        }
    }
}
