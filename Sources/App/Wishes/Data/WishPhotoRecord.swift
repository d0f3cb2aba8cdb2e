import Fluent
import Foundation

/// A photo a sender uploaded: checked, re-encoded and stored under a generated name
/// (``WishPhotoFiles``); wishes carry it as `upload:<id>`.
final class WishPhotoRecord: Model, @unchecked Sendable {
    static let schema = "wish_photos"

    @ID(key: .id) var id: UUID?
    @Parent(key: "owner_id") var owner: User
    /// The file's name under the media directory's photos.
    @Field(key: "stored_name") var storedName: String
    @Field(key: "media_type") var mediaType: String
    @Field(key: "width") var width: Int
    @Field(key: "height") var height: Int
    @Field(key: "byte_count") var byteCount: Int
    @Field(key: "created_at") var createdAt: Date
    /// Nil for a wish's photo; ``contactPurpose`` for a contact's (not offered for wishes).
    @OptionalField(key: "purpose") var purpose: String?

    /// The ``purpose`` of a contact's photo.
    static let contactPurpose = "contact"

    init() {}

    init(
        id: UUID, ownerID: UUID, storedName: String, mediaType: String, width: Int, height: Int, byteCount: Int, createdAt: Date,
        purpose: String? = nil
    ) {
        self.id = id
        self.$owner.id = ownerID
        self.storedName = storedName
        self.mediaType = mediaType
        self.width = width
        self.height = height
        self.byteCount = byteCount
        self.createdAt = createdAt
        self.purpose = purpose
    }
}
