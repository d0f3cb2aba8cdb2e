import Fluent
import Vapor

/// Signs API requests in from `Authorization: Bearer <token>`.
struct BearerTokenAuthenticator: AsyncBearerAuthenticator {
    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        guard let token = try await APIToken.query(on: request.db)
            .filter(\.$tokenHash == SecretToken.digest(bearer.token))
            .with(\.$user)
            .first() else { return }
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
