import Vapor

/// Rejects state-changing web requests (403) unless they carry the CSRF token of the session,
/// in the `_csrf` form field or the `X-CSRF-Token` header.
struct CSRFMiddleware: AsyncMiddleware {
    static let formField = "_csrf"
    static let header = "X-CSRF-Token"
    /// A form without the header larger than this (a file in it) is refused before its token
    /// is read; the middleware runs before a route collects its body, so it collects a form's.
    static let largestForm = 16 << 20

    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        guard [.POST, .PUT, .PATCH, .DELETE].contains(request.method) else {
            return try await next.respond(to: request)
        }
        var sent = request.headers.first(name: Self.header)
        if sent == nil, request.body.data == nil, let type = request.headers.contentType, type == .urlEncodedForm || type == .formData {
            _ = try await request.body.collect(max: Self.largestForm).get()
        }
        if sent == nil, let collected = request.body.data {
            // Reading one field decodes the whole form: off the event loop when it is large.
            sent = try await request.parsing(bytes: collected.readableBytes) {
                try? request.content.get(String.self, at: Self.formField)
            }
        }
        guard let sent, SecretToken.constantTimeEquals(sent, request.csrfToken) else {
            throw AppError.csrfRejected
        }
        return try await next.respond(to: request)
    }
}
