#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Brotli (RFC 7932) through the system's library, looked up when first used: Debian's
/// `libbrotli1`, which curl (and so every Swift toolchain's system) already installs. Looked
/// up rather than linked, so Kinetic builds without its headers and answers gzip where the
/// library is missing (``isAvailable`` false).
public enum Brotli {
    /// Whether the system's Brotli encoder was found.
    public static var isAvailable: Bool { encoder != nil }

    /// `bytes` compressed at `quality` (0 fastest … 11 smallest) for text, in one go.
    public static func compress(_ bytes: UnsafeRawBufferPointer, quality: Int32) throws(CompressionFailure) -> [UInt8] {
        guard let encoder else { throw CompressionFailure(coding: "br") }
        var size = encoder.maximumCompressedSize(bytes.count)
        // 0 means the input is too large to bound; such a body is never compressed whole.
        guard size > 0 else { throw CompressionFailure(coding: "br") }
        var output = [UInt8](repeating: 0, count: size)
        let succeeded = output.withUnsafeMutableBufferPointer { outputBuffer in
            encoder.compress(
                quality, defaultWindowBits, textMode, bytes.count, bytes.bindMemory(to: UInt8.self).baseAddress, &size,
                outputBuffer.baseAddress)
        }
        guard succeeded == 1 else { throw CompressionFailure(coding: "br") }
        output.removeLast(output.count - size)
        return output
    }

    /// `bytes` decompressed into at most `maximumBytes`; for checks, as a browser would read a response.
    public static func decompress(_ bytes: [UInt8], maximumBytes: Int) throws(CompressionFailure) -> [UInt8] {
        guard let decoder = decoder else { throw CompressionFailure(coding: "br") }
        var size = maximumBytes
        var output = [UInt8](repeating: 0, count: maximumBytes)
        let result = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                decoder(input.count, input.baseAddress, &size, outputBuffer.baseAddress)
            }
        }
        // BROTLI_DECODER_RESULT_SUCCESS
        guard result == 1 else { throw CompressionFailure(coding: "br") }
        output.removeLast(output.count - size)
        return output
    }

    // brotli/encode.h: BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT.
    private static let defaultWindowBits: Int32 = 22
    private static let textMode: Int32 = 1

    private typealias MaximumCompressedSize = @convention(c) (Int) -> Int
    private typealias Compress =
        @convention(c) (Int32, Int32, Int32, Int, UnsafePointer<UInt8>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<UInt8>?) -> Int32
    private typealias Decompress =
        @convention(c) (Int, UnsafePointer<UInt8>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<UInt8>?) -> Int32

    private struct Encoder: Sendable {
        let maximumCompressedSize: MaximumCompressedSize
        let compress: Compress
    }

    private static let encoder: Encoder? = {
        guard let library = openLibrary("brotlienc"),
            let bound = dlsym(library, "BrotliEncoderMaxCompressedSize"), let compress = dlsym(library, "BrotliEncoderCompress")
        else { return nil }
        return Encoder(
            maximumCompressedSize: unsafeBitCast(bound, to: MaximumCompressedSize.self),
            compress: unsafeBitCast(compress, to: Compress.self))
    }()

    private static let decoder: Decompress? = {
        guard let library = openLibrary("brotlidec"), let decompress = dlsym(library, "BrotliDecoderDecompress") else { return nil }
        return unsafeBitCast(decompress, to: Decompress.self)
    }()

    /// The shared library `lib<name>`, by its versioned name first (the unversioned one comes
    /// only with the headers).
    private static func openLibrary(_ name: String) -> UnsafeMutableRawPointer? {
        for file in ["lib\(name).so.1", "lib\(name).so", "lib\(name).1.dylib", "lib\(name).dylib"] {
            if let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) { return handle }
        }
        return nil
    }
}
