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
    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        let compressible = response.headers.contentType.map { ContentCoding.compresses(mediaType: $0.serialize()) } ?? false
        guard compressible || response.status == .notModified else { return response }
        if !response.headers[.vary].contains(where: { $0.lowercased().contains("accept-encoding") }) {
            response.headers.add(name: .vary, value: "Accept-Encoding")
        }
        guard compressible, !response.headers.contains(name: .contentEncoding), let body = response.body.buffer,
            body.readableBytes >= ContentCoding.minimumBytes,
            let coding = ContentCoding.preferred(acceptEncoding: request.headers[.acceptEncoding], available: ContentCoding.available),
            let compressed = coding.encode(body, effort: .perRequest)
        else { return response }
        response.body = .init(buffer: compressed)
        response.headers.replaceOrAdd(name: .contentEncoding, value: coding.rawValue)
        if let tag = response.headers.first(name: .eTag), !tag.hasPrefix("W/") {
            response.headers.replaceOrAdd(name: .eTag, value: "W/" + tag)
        }
        return response
    }
}
