import Vapor

/// Adds the security headers to every response, errors included: the content policy, HSTS over
/// HTTPS, and how long it may be kept. A response that chose its own caching (a song or a photo,
/// `private, max-age=…`; a page with a secret, `no-store`) keeps it; any other is `no-cache`:
/// kept, but checked again before each use (its `ETag` answers 304 while it is the same, see
/// ``ConditionalReadMiddleware``), and `private` on the API and for a signed-in user, so no
/// proxy keeps someone's data. Signing out clears the browser's copies (`Clear-Site-Data`).
struct SecurityHeadersMiddleware: AsyncMiddleware {
    static let contentSecurityPolicy = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        // blob: a photo picked on the phone, shown before it is sent (made by the page itself).
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        let headers = [
            ("Content-Security-Policy", Self.contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"),
            ("Referrer-Policy", "same-origin"),
            ("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
        ]
        for (name, value) in headers {
            response.headers.replaceOrAdd(name: name, value: value)
        }
        if request.isSecure {
            response.headers.replaceOrAdd(name: .strictTransportSecurity, value: "max-age=63072000")
        }
        if !response.headers.contains(name: .cacheControl) {
            let isPrivate = request.url.path.hasPrefix("/api/") || request.auth.has(User.self)
            response.headers.replaceOrAdd(name: .cacheControl, value: isPrivate ? "private, no-cache" : "no-cache")
        }
        return response
    }
}
