import Fluent
import Foundation
import Vapor

/// A bearer token for the JSON API. Only the SHA-256 of the token is stored.
final class APIToken: Model, @unchecked Sendable {
    static let schema = "api_tokens"

    @ID(key: .id) var id: UUID?
    @Field(key: "token_hash") var tokenHash: String
    @Parent(key: "user_id") var user: User
    /// When the token was issued, from Kinetic's clock.
    @OptionalField(key: "created_at") var createdAt: Date?
    /// When the token stops working unless it is used before; each use moves it ahead.
    @OptionalField(key: "expires_at") var expiresAt: Date?
    /// When the token was last used, to the hour.
    @OptionalField(key: "last_used_at") var lastUsedAt: Date?
    /// What the token is for, as the client named it (or its `User-Agent`), for the token list.
    @OptionalField(key: "label") var label: String?

    init() {}

    init(tokenHash: String, userID: UUID, label: String?, expiresAt: Date, createdAt: Date) {
        self.tokenHash = tokenHash
        self.$user.id = userID
        self.label = label
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.lastUsedAt = createdAt
    }
}
