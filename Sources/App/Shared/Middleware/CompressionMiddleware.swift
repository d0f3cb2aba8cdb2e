import KineticCompression
import KineticCore
import Vapor

/// Compresses what Kinetic writes as it answers (pages, JSON, the manifest) for a client that
/// accepts it: Brotli where the system has it, else gzip, at levels fast enough for every
/// request (a page of 25 KB takes well under a millisecond). Bodies under
/// ``ContentCoding/minimumBytes``, already coded ones (the files of ``AssetsMiddleware``),
/// streamed ones (songs, report files) and pictures, sound and PDFs go as they are. A response
/// that could be compressed says `Vary: Accept-Encoding`, so a cache keeps each form apart, and
/// a compressed one's `ETag` becomes weak: the same content, other bytes.
struct CompressionMiddleware: AsyncMiddleware {
    static let brotliQuality: Int32 = 5
    static let gzipLevel: Int32 = 6

    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        let compressible = response.headers.contentType.map { ContentCoding.compresses(mediaType: $0.serialize()) } ?? false
        guard compressible || response.status == .notModified else { return response }
        if !response.headers[.vary].contains(where: { $0.lowercased().contains("accept-encoding") }) {
            response.headers.add(name: .vary, value: "Accept-Encoding")
        }
        guard compressible, !response.headers.contains(name: .contentEncoding), let body = response.body.buffer,
            body.readableBytes >= ContentCoding.minimumBytes,
            let coding = ContentCoding.preferred(
                acceptEncoding: request.headers[.acceptEncoding], available: Brotli.isAvailable ? [.brotli, .gzip] : [.gzip])
        else { return response }
        let compressed: [UInt8]? = body.readableBytesView.withUnsafeBytes { raw in
            switch coding {
            case .brotli: try? Brotli.compress(raw, quality: Self.brotliQuality)
            case .gzip: try? Gzip.compress(raw, level: Self.gzipLevel)
            }
        }
        guard let compressed, compressed.count < body.readableBytes else { return response }
        response.body = .init(buffer: ByteBuffer(bytes: compressed))
        response.headers.replaceOrAdd(name: .contentEncoding, value: coding.rawValue)
        if let tag = response.headers.first(name: .eTag), !tag.hasPrefix("W/") {
            response.headers.replaceOrAdd(name: .eTag, value: "W/" + tag)
        }
        return response
    }
}
