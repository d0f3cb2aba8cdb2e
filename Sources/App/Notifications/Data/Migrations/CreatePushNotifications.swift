import Fluent

/// `push_subscriptions`, `notification_mutes` and `push_server_keys`: the devices that take
/// notifications, the kinds each account turned off, and the server's VAPID key.
struct CreatePushNotifications: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(PushSubscriptionRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("endpoint", .string, .required)
            .field("p256dh", .string, .required)
            .field("auth", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "endpoint")
            .create()
        try await database.schema(NotificationMuteRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .unique(on: "user_id", "kind")
            .create()
        try await database.schema(PushServerKeyRecord.schema)
            .field("id", .string, .identifier(auto: false))
            .field("private_key", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
    }

    func revert(on database: Database) async throws {
        try await database.schema(PushServerKeyRecord.schema).delete()
        try await database.schema(NotificationMuteRecord.schema).delete()
        try await database.schema(PushSubscriptionRecord.schema).delete()
    }
}
