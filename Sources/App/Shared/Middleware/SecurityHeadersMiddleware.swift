import Vapor

/// Adds the security headers to every response, errors included: the content policy, HSTS over
/// HTTPS, and `Cache-Control: no-store` on the API and on every page of a signed-in user, so a
/// shared computer's cache or a proxy never keeps someone's data. A response that chose its own
/// caching (a song or a photo, `private, max-age=…`) keeps it.
struct SecurityHeadersMiddleware: AsyncMiddleware {
    static let contentSecurityPolicy = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
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
        if !response.headers.contains(name: .cacheControl), request.url.path.hasPrefix("/api/") || request.auth.has(User.self) {
            response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        }
        return response
    }
}
