import Fluent
import Foundation
import KineticCore
import Vapor

/// Browser sessions: the row behind the session cookie, started at sign-in and sign-up and ended
/// at sign-out, with a fresh anonymous CSRF token each time.
extension Request {
    /// Starts a new browser session (a new id every time) and sets its cookie on `response`.
    func startWebSession(for user: User, on response: Response) async throws {
        if let previous = webSession { try await previous.delete(on: db) }
        try await WebSession.query(on: db).filter(\.$expiresAt < now).delete()
        let secret = SecretToken.generate()
        let configuration = application.kineticConfiguration
        let lifetime = configuration.sessionLifetime
        let now = now
        let session = WebSession(
            tokenHash: SecretToken.digest(secret), userID: try user.requireID(), csrfToken: SecretToken.generate(),
            expiresAt: now.addingTimeInterval(lifetime),
            idleExpiresAt: now.addingTimeInterval(min(lifetime, configuration.sessionIdleTimeout))
        )
        try await session.create(on: db)
        response.cookies[WebSessionMiddleware.sessionCookie] = cookie(value: secret, maxAge: Int(lifetime))
        rotateAnonymousCSRFToken()
    }

    /// Ends the browser session: the row is deleted and the cookie expired.
    func endWebSession(on response: Response) async throws {
        if let session = webSession { try await session.delete(on: db) }
        webSession = nil
        auth.logout(User.self)
        response.cookies[WebSessionMiddleware.sessionCookie] = .expired
        rotateAnonymousCSRFToken()
    }
}
