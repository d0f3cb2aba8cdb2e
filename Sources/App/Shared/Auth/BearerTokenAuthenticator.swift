import Fluent
import KineticCore
import Vapor

/// Signs API requests in from `Authorization: Bearer <token>`. An expired token signs nothing
/// in; a use moves the token's expiry ahead (at most once an hour, see ``SlidingExpiry``).
struct BearerTokenAuthenticator: AsyncBearerAuthenticator {
    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        let now = request.now
        guard let token = try await APIToken.query(on: request.db)
            .filter(\.$tokenHash == SecretToken.digest(bearer.token))
            .with(\.$user)
            .first(),
            SlidingExpiry.isAlive(token.expiresAt, at: now) else { return }
        let lifetime = request.application.kineticConfiguration.apiTokenLifetime
        if let renewed = SlidingExpiry.renewal(of: token.expiresAt, now: now, lifetime: lifetime) {
            token.expiresAt = renewed
            token.lastUsedAt = now
            try await token.save(on: request.db)
        }
        request.auth.login(token.user)
        request.apiToken = token
    }
}

extension Request {
    private struct APITokenKey: StorageKey { typealias Value = APIToken }

    /// The bearer token this API request was signed in with.
    var apiToken: APIToken? {
        get { storage[APITokenKey.self] }
        set { storage[APITokenKey.self] = newValue }
    }

    /// The signed-in user, or a 401 error.
    func requireUser() throws -> User {
        guard let user = auth.get(User.self) else { throw AppError.unauthenticated }
        return user
    }
}
