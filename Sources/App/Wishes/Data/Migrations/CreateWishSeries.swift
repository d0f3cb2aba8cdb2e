import Fluent
import SQLKit

/// Yearly wishes: `wish_series` keeps what repeats and when (``WishSeriesRecord``), and
/// `wish_series_recipients` to whom, in order; a wish made
/// from one names it and its year (`series_id`, `occurrence_year`, unique together, so a year's
/// wish is made once whichever instance makes it, however often), and when its sender is to be
/// reminded (`remind_at`). An Inbox item says what it is (`kind`: a wish, a thank-you or a
/// reminder).
struct CreateWishSeries: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(WishSeriesRecord.schema)
            .field("id", .uuid, .identifier(auto: false))
            .field("sender_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("state", .string, .required)
            .field("occasion", .string, .required)
            .field("subject", .string, .required)
            .field("message", .string, .required)
            .field("photo", .string)
            .field("posts_to_connections", .bool, .required)
            .field("month", .int, .required)
            .field("day", .int, .required)
            .field("local_time", .string, .required)
            .field("time_zone", .string, .required)
            .field("remind_days", .int)
            .field("starts_at", .datetime, .required)
            .field("next_roll_at", .datetime)
            .field("created_at", .datetime, .required)
            .create()
        try await database.schema(WishSeriesRecipientRecord.schema)
            .field("id", .uuid, .identifier(auto: false))
            .field("series_id", .uuid, .required, .references(WishSeriesRecord.schema, "id", onDelete: .cascade))
            .field("position", .int, .required)
            .field("address", .string, .required)
            .field("reach", .string, .required)
            .unique(on: "series_id", "position")
            .create()
        try await database.schema(WishRecord.schema).field("series_id", .uuid).update()
        try await database.schema(WishRecord.schema).field("occurrence_year", .int).update()
        try await database.schema(WishRecord.schema).field("remind_at", .datetime).update()
        let sql = try database.sql()
        try await sql.create(index: "wishes_occurrence").unique().on(WishRecord.schema).column("series_id").column("occurrence_year").run()
        try await sql.create(index: "wishes_remind").on(WishRecord.schema).column("remind_at").run()
        try await sql.create(index: "wish_series_roll").on(WishSeriesRecord.schema).column("state").column("next_roll_at").run()
        try await database.schema(InboxWishRecord.schema)
            .field("kind", .string, .required, .sql(.default(InboxWishRecord.Kind.wish.rawValue))).update()
    }

    func revert(on database: Database) async throws {
        let sql = try database.sql()
        try await sql.drop(index: "wishes_occurrence").run()
        try await sql.drop(index: "wishes_remind").run()
        for field in ["series_id", "occurrence_year", "remind_at"] {
            try await database.schema(WishRecord.schema).deleteField(FieldKey(stringLiteral: field)).update()
        }
        try await database.schema(InboxWishRecord.schema).deleteField("kind").update()
        try await database.schema(WishSeriesRecipientRecord.schema).delete()
        try await database.schema(WishSeriesRecord.schema).delete()
    }
}
