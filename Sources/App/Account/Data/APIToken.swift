import Fluent
import Foundation
import Vapor

/// A bearer token for the JSON API. Only the SHA-256 of the token is stored.
final class APIToken: Model, @unchecked Sendable {
    static let schema = "api_tokens"

    @ID(key: .id) var id: UUID?
    @Field(key: "token_hash") var tokenHash: String
    @Parent(key: "user_id") var user: User
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(tokenHash: String, userID: UUID) {
        self.tokenHash = tokenHash
        self.$user.id = userID
    }
}
