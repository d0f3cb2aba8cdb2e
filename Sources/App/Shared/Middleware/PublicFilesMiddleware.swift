import Vapor

/// Serves `Public/` through Vapor's `FileMiddleware`, after refusing request paths no file can
/// have: a path over ``maximumPathBytes`` answers 414 URI Too Long, and one with a segment
/// longer than a file name may be (255 bytes) goes on to the routes (404), where the file
/// system would otherwise fail to look it up and the request would end in a 500.
struct PublicFilesMiddleware: AsyncMiddleware {
    /// The longest request path answered; browsers and proxies allow about 8 KB for a whole URL,
    /// and none of Kinetic's paths comes near this.
    static let maximumPathBytes = 2_048
    static let maximumSegmentBytes = 255

    let files: FileMiddleware

    init(publicDirectory: String) {
        files = FileMiddleware(publicDirectory: publicDirectory, defaultFile: nil)
    }

    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        let path = request.url.path
        guard path.utf8.count <= Self.maximumPathBytes else { throw AppError.uriTooLong }
        let segments = path.split(separator: "/")
        let decodedLengths = segments.map { ($0.removingPercentEncoding ?? String($0)).utf8.count }
        guard decodedLengths.allSatisfy({ $0 <= Self.maximumSegmentBytes }) else { return try await next.respond(to: request) }
        return try await files.respond(to: request, chainingTo: next)
    }
}
