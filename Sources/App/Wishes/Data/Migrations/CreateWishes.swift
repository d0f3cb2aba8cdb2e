import Fluent
import SQLKit

/// The Wishes module's tables. Times are seconds since 1970 (`DOUBLE PRECISION`), so the
/// delivery queue's claims and the lists' keyset cursors compare numbers on both databases.
/// - `wishes`: what a sender scheduled; `state` is `scheduled` until its first delivery is
///   claimed, then `sent`, or `deleted`.
/// - `wish_recipients`: its addresses, in order.
/// - `wish_deliveries`: one row per recipient and channel (one per wish for Connections): the
///   queue the scheduler claims from, with its lease, tries and outcome.
/// - `wish_inbox`: a delivered wish in a recipient's Inbox, a copy of what was sent; the
///   delivery's id is unique, so a wish reaches an inbox once whatever retries happen.
/// - `wish_photos`: photos senders uploaded (checked, re-encoded, under generated names).
/// - `wish_search_histories`: each user's last searches per list.
struct CreateWishes: AsyncMigration {
    func prepare(on database: Database) async throws {
        let sql = try database.sql()
        let double = DatabaseSchema.DataType.custom(SQLRaw("DOUBLE PRECISION"))
        try await database.schema(WishRecord.schema)
            .field("id", .uuid, .identifier(auto: false))
            .field("sender_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("state", .string, .required)
            .field("occasion", .string, .required)
            .field("subject", .string, .required)
            .field("message", .string, .required)
            .field("photo", .string)
            .field("send_at", double, .required)
            .field("local_send_at", .string, .required)
            .field("time_zone", .string, .required)
            .field("channels", .string, .required)
            .field("search_text", .string, .required)
            .field("created_at", double, .required)
            .field("dispatched_at", double)
            .create()
        try await sql.create(index: "wishes_box").on(WishRecord.schema).column("sender_id").column("state").column("send_at").column("id")
            .run()
        try await database.schema(WishRecipientRecord.schema)
            .field("wish_id", .uuid, .required, .references(WishRecord.schema, "id", onDelete: .cascade))
            .field("position", .int, .required)
            .field("address", .string, .required)
            .compositeIdentifier(over: "wish_id", "position")
            .create()
        try await database.schema(WishDeliveryRecord.schema)
            .field("id", .uuid, .identifier(auto: false))
            .field("wish_id", .uuid, .required, .references(WishRecord.schema, "id", onDelete: .cascade))
            .field("channel", .string, .required)
            .field("recipient", .string)
            .field("state", .string, .required)
            .field("due_at", double, .required)
            .field("attempts", .int, .required)
            .field("lease_owner", .string)
            .field("lease_until", double)
            .field("last_error", .string)
            .field("finished_at", double)
            .field("external_id", .string)
            .create()
        try await sql.create(index: "wish_deliveries_due").on(WishDeliveryRecord.schema).column("state").column("due_at").run()
        try await sql.create(index: "wish_deliveries_wish").on(WishDeliveryRecord.schema).column("wish_id").run()
        try await database.schema(InboxWishRecord.schema)
            .field("id", .uuid, .identifier(auto: false))
            .field("recipient_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("delivery_id", .uuid, .required)
            .field("wish_id", .uuid, .required)
            .field("sender_name", .string, .required)
            .field("sender_email", .string, .required)
            .field("occasion", .string, .required)
            .field("subject", .string, .required)
            .field("message", .string, .required)
            .field("photo", .string)
            .field("received_at", double, .required)
            .field("read_at", double)
            .field("search_text", .string, .required)
            .unique(on: "delivery_id")
            .create()
        try await sql.create(index: "wish_inbox_list").on(InboxWishRecord.schema).column("recipient_id").column("received_at").column("id")
            .run()
        try await database.schema("wish_photos")
            .field("id", .uuid, .identifier(auto: false))
            .field("owner_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("stored_name", .string, .required)
            .field("media_type", .string, .required)
            .field("width", .int, .required)
            .field("height", .int, .required)
            .field("byte_count", .int, .required)
            .field("created_at", double, .required)
            .create()
        try await database.schema("wish_search_histories")
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("box", .string, .required)
            .field("phrases", .string, .required)
            .compositeIdentifier(over: "user_id", "box")
            .create()
    }

    func revert(on database: Database) async throws {
        for table in [
            "wish_search_histories", "wish_photos", InboxWishRecord.schema, WishDeliveryRecord.schema, WishRecipientRecord.schema,
            WishRecord.schema,
        ] {
            try await database.schema(table).delete()
        }
    }
}
