import Fluent
import KineticCore
import Vapor

/// Restores the signed-in user from the session cookie and keeps an anonymous CSRF cookie for
/// visitors who are not signed in (the login and sign-up forms need one too).
struct WebSessionMiddleware: AsyncMiddleware {
    static let sessionCookie = "kinetic_session"
    static let csrfCookie = "kinetic_csrf"

    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        if let secret = request.cookies[Self.sessionCookie]?.string, !secret.isEmpty,
            let session = try await liveSession(secret: secret, request: request)
        {
            request.auth.login(session.user)
            request.webSession = session
        } else if let anonymous = request.cookies[Self.csrfCookie]?.string, anonymous.count >= 32 {
            request.anonymousCSRFToken = anonymous
        }
        let response = try await next.respond(to: request)
        if let token = request.issuedAnonymousCSRFToken {
            response.cookies[Self.csrfCookie] = request.cookie(value: token, maxAge: nil, sameSite: .strict)
        }
        return response
    }

    /// The session of this cookie if it has reached neither its absolute end nor its idle
    /// timeout; a use moves the idle timeout ahead (never past the absolute end).
    private func liveSession(secret: String, request: Request) async throws -> WebSession? {
        let now = request.now
        guard
            let session = try await WebSession.query(on: request.db)
                .filter(\.$tokenHash == SecretToken.digest(secret))
                .filter(\.$expiresAt > now)
                .with(\.$user)
                .first(),
            SlidingExpiry.isAlive(session.idleExpiresAt, at: now)
        else { return nil }
        let idleTimeout = request.application.kineticConfiguration.sessionIdleTimeout
        if let renewed = SlidingExpiry.renewal(of: session.idleExpiresAt, now: now, lifetime: idleTimeout) {
            session.idleExpiresAt = min(renewed, session.expiresAt)
            try await session.save(on: request.db)
        }
        return session
    }
}

extension Request {
    private struct WebSessionKey: StorageKey { typealias Value = WebSession }
    private struct AnonymousTokenKey: StorageKey { typealias Value = String }
    private struct IssuedTokenKey: StorageKey { typealias Value = String }

    /// The signed-in browser session, if any.
    var webSession: WebSession? {
        get { storage[WebSessionKey.self] }
        set { storage[WebSessionKey.self] = newValue }
    }

    fileprivate var anonymousCSRFToken: String? {
        get { storage[AnonymousTokenKey.self] }
        set { storage[AnonymousTokenKey.self] = newValue }
    }

    /// A new anonymous CSRF token made during this request, to be set as a cookie on the response.
    fileprivate(set) var issuedAnonymousCSRFToken: String? {
        get { storage[IssuedTokenKey.self] }
        set { storage[IssuedTokenKey.self] = newValue }
    }

    /// The CSRF token forms of this request must carry: the session's, or the anonymous cookie's
    /// (made on first use).
    var csrfToken: String {
        if let session = webSession { return session.csrfToken }
        if let token = anonymousCSRFToken ?? issuedAnonymousCSRFToken { return token }
        let token = SecretToken.generate()
        issuedAnonymousCSRFToken = token
        return token
    }

    /// Replaces the anonymous CSRF token, e.g. after signing in or out.
    func rotateAnonymousCSRFToken() {
        anonymousCSRFToken = nil
        issuedAnonymousCSRFToken = SecretToken.generate()
    }

    /// Whether the client reached Kinetic over HTTPS, directly or through a proxy: a proxy's
    /// `X-Forwarded-Proto` is believed only from one named in `KINETIC_TRUSTED_PROXIES`.
    var isSecure: Bool {
        if url.scheme == "https" { return true }
        guard let peer = remoteAddress?.ipAddress.flatMap(IPAddressText.canonical),
            application.kineticConfiguration.trustedProxies.contains(peer)
        else { return false }
        return headers.first(name: "X-Forwarded-Proto")?.lowercased() == "https"
    }

    /// A cookie with Kinetic's flags: HttpOnly, SameSite, Secure over HTTPS, whole-site path.
    func cookie(value: String, maxAge: Int?, sameSite: HTTPCookies.SameSitePolicy = .lax) -> HTTPCookies.Value {
        HTTPCookies.Value(
            string: value, expires: nil, maxAge: maxAge, domain: nil, path: "/",
            isSecure: isSecure, isHTTPOnly: true, sameSite: sameSite
        )
    }
}
