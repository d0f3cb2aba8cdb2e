import Vapor

/// Answers 414 URI Too Long to a request path over ``maximumPathBytes``, before any route reads it.
struct RequestLimitsMiddleware: AsyncMiddleware {
    /// The longest request path answered; browsers and proxies allow about 8 KB for a whole URL,
    /// and none of Kinetic's paths comes near this.
    static let maximumPathBytes = 2_048

    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        guard request.url.path.utf8.count <= Self.maximumPathBytes else { throw AppError.uriTooLong }
        return try await next.respond(to: request)
    }
}
