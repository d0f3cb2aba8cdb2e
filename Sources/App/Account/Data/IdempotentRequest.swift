import Fluent
import Foundation

/// A `POST` made with an `Idempotency-Key`, and once it succeeded, its answer: what a retry
/// with the same key gets instead of doing it again (``IdempotencyMiddleware``). Kept a day.
final class IdempotentRequest: Model, @unchecked Sendable {
    static let schema = "idempotent_requests"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "request_key") var key: String
    /// ``IdempotencyKey/fingerprint(method:pathAndQuery:body:)`` of the first request.
    @Field(key: "fingerprint") var fingerprint: String
    @Field(key: "created_at") var createdAt: Date
    /// The answer's status; nil while the first request runs.
    @OptionalField(key: "status") var status: Int?
    @OptionalField(key: "content_type") var contentType: String?
    @OptionalField(key: "location") var location: String?
    @OptionalField(key: "body") var body: Data?

    init() {}

    init(userID: UUID, key: String, fingerprint: String, createdAt: Date) {
        self.$user.id = userID
        self.key = key
        self.fingerprint = fingerprint
        self.createdAt = createdAt
    }
}
