import Fluent

/// A contact may have a photo (`wish_contacts.photo_id`, a row of `wish_photos`), and a photo
/// says what it is for (`wish_photos.purpose`: null for a wish's photo, `contact` for a
/// contact's, which the photo picker does not offer).
struct AddContactPhotos: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(WishContactRecord.schema).field("photo_id", .uuid).update()
        try await database.schema(WishPhotoRecord.schema).field("purpose", .string).update()
    }

    func revert(on database: Database) async throws {
        try await database.schema(WishContactRecord.schema).deleteField("photo_id").update()
        try await database.schema(WishPhotoRecord.schema).deleteField("purpose").update()
    }
}
