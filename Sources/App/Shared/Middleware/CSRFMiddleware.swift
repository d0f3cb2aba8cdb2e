import Vapor

/// Rejects state-changing web requests (403) unless they carry the CSRF token of the session,
/// in the `_csrf` form field or the `X-CSRF-Token` header.
struct CSRFMiddleware: AsyncMiddleware {
    static let formField = "_csrf"
    static let header = "X-CSRF-Token"

    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        guard [.POST, .PUT, .PATCH, .DELETE].contains(request.method) else {
            return try await next.respond(to: request)
        }
        let sent = request.headers.first(name: Self.header)
            ?? (try? request.content.get(String.self, at: Self.formField))
        guard let sent, SecretToken.constantTimeEquals(sent, request.csrfToken) else {
            throw AppError.csrfRejected
        }
        return try await next.respond(to: request)
    }
}
