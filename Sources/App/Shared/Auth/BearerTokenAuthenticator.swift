import Fluent
import KineticCore
import Vapor

/// Signs API requests in from `Authorization: Bearer <token>`: the token and its user in one
/// query, or from the few-second cache of ``SignedInTokens``. An expired token signs nothing
/// in; a use moves the token's expiry ahead (at most once an hour, see ``SlidingExpiry``).
struct BearerTokenAuthenticator: AsyncBearerAuthenticator {
    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        let now = request.now
        let digest = SecretToken.digest(bearer.token)
        let cache = request.application.signedInTokens
        var signedIn = cache.token(for: digest, at: now)
        if signedIn == nil {
            signedIn = try await SignedInToken.lookUp(digest, on: request.db)
            if let signedIn { cache.store(signedIn, for: digest, at: now) }
        }
        guard let signedIn, SlidingExpiry.isAlive(signedIn.expiresAt, at: now) else { return }
        let lifetime = request.application.kineticConfiguration.apiTokenLifetime
        if let renewed = SlidingExpiry.renewal(of: signedIn.expiresAt, now: now, lifetime: lifetime) {
            try await APIToken.query(on: request.db)
                .filter(\.$id == signedIn.tokenID)
                .set(\.$expiresAt, to: renewed)
                .set(\.$lastUsedAt, to: now)
                .update()
            cache.renewed(digest, expiresAt: renewed)
        }
        request.auth.login(try signedIn.user())
        request.apiTokenID = signedIn.tokenID
    }
}

extension Request {
    private struct APITokenIDKey: StorageKey { typealias Value = UUID }

    /// The id of the bearer token this API request was signed in with.
    var apiTokenID: UUID? {
        get { storage[APITokenIDKey.self] }
        set { storage[APITokenIDKey.self] = newValue }
    }

    /// The signed-in user, or a 401 error.
    func requireUser() throws -> User {
        guard let user = auth.get(User.self) else { throw AppError.unauthenticated }
        return user
    }
}
