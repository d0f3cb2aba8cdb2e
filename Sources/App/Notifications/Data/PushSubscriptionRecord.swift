import Fluent
import Foundation

/// A browser or app that asked to be sent notifications for an account (`push_subscriptions`):
/// where its push service takes messages for it (`endpoint`, unique: a browser's subscription
/// belongs to the one account that last made it there) and the keys its messages are
/// encrypted for.
final class PushSubscriptionRecord: Model, @unchecked Sendable {
    static let schema = "push_subscriptions"
    /// How many devices one account keeps; the oldest go.
    static let maximumPerAccount = 10

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "endpoint") var endpoint: String
    @Field(key: "p256dh") var p256dh: String
    @Field(key: "auth") var auth: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(userID: UUID, endpoint: String, p256dh: String, auth: String, createdAt: Date) {
        self.$user.id = userID
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
        self.createdAt = createdAt
    }
}

/// A kind of notification an account turned off (`notification_mutes`, one row per kind).
final class NotificationMuteRecord: Model, @unchecked Sendable {
    static let schema = "notification_mutes"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "kind") var kind: String

    init() {}

    init(userID: UUID, kind: NotificationKind) {
        self.$user.id = userID
        self.kind = kind.rawValue
    }
}

/// The server's VAPID key (`push_server_keys`, one row, id `main`): made by whichever instance
/// starts first and read by all, so a browser subscribed through one instance gets messages
/// sent by any.
final class PushServerKeyRecord: Model, @unchecked Sendable {
    static let schema = "push_server_keys"
    static let mainID = "main"

    @ID(custom: "id", generatedBy: .user) var id: String?
    /// The P-256 private scalar, base64url.
    @Field(key: "private_key") var privateKey: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(privateKey: String, createdAt: Date) {
        id = Self.mainID
        self.privateKey = privateKey
        self.createdAt = createdAt
    }
}
