import KineticCompression
import KineticCore
import NIOCore

extension ContentCoding {
    /// The codings this process can write: Brotli only where the system's library is.
    static var available: [ContentCoding] { Brotli.isAvailable ? [.brotli, .gzip] : [.gzip] }

    /// How hard to work: `perRequest` for what is written as it is answered, `smallest` for what
    /// is coded once and kept.
    enum Effort { case perRequest, smallest }

    /// `bytes` coded, or nil when the coding failed or made them no smaller.
    func encode(_ bytes: ByteBuffer, effort: Effort) -> ByteBuffer? {
        let coded: [UInt8]? = bytes.readableBytesView.withUnsafeBytes { raw in
            switch self {
            case .brotli: try? Brotli.compress(raw, quality: effort == .smallest ? 11 : 5)
            case .gzip: try? Gzip.compress(raw, level: effort == .smallest ? 9 : 6)
            }
        }
        guard let coded, coded.count < bytes.readableBytes else { return nil }
        return ByteBuffer(bytes: coded)
    }
}
