import Fluent
import SQLKit

/// A yearly wish may be anchored on a contact's birthday (`birthday_contact_id`), with where
/// 29 February goes in other years (`leap_day`): ``WishSeriesRecord``.
struct AddBirthdayAnchor: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(WishSeriesRecord.schema).field("leap_day", .string).update()
        try await database.schema(WishSeriesRecord.schema).field("birthday_contact_id", .uuid).update()
        try await database.sql().create(index: "wish_series_birthday").on(WishSeriesRecord.schema).column("birthday_contact_id").run()
    }

    func revert(on database: Database) async throws {
        try await database.sql().drop(index: "wish_series_birthday").run()
        try await database.schema(WishSeriesRecord.schema).deleteField("birthday_contact_id").update()
        try await database.schema(WishSeriesRecord.schema).deleteField("leap_day").update()
    }
}
