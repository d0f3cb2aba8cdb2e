import Fluent
import Foundation
import Vapor

/// A signed-in browser session. The cookie holds a random secret; only its SHA-256 is stored.
final class WebSession: Model, @unchecked Sendable {
    static let schema = "web_sessions"

    @ID(key: .id) var id: UUID?
    @Field(key: "token_hash") var tokenHash: String
    @Parent(key: "user_id") var user: User
    /// The CSRF token that every state-changing form of this session must carry.
    @Field(key: "csrf_token") var csrfToken: String
    /// The absolute end of the session, however much it is used.
    @Field(key: "expires_at") var expiresAt: Date
    /// The end of the session if it is not used before; each use moves it ahead.
    @OptionalField(key: "idle_expires_at") var idleExpiresAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(tokenHash: String, userID: UUID, csrfToken: String, expiresAt: Date, idleExpiresAt: Date) {
        self.idleExpiresAt = idleExpiresAt
        self.tokenHash = tokenHash
        self.$user.id = userID
        self.csrfToken = csrfToken
        self.expiresAt = expiresAt
    }
}
