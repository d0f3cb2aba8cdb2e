import Fluent
import Foundation
import KineticCore
import SQLKit

/// Where uploaded wish photos live: `wishes/photos/` in the media directory, each under a
/// generated name, described by a row of `wish_photos`.
struct WishPhotoFiles: Sendable {
    let directory: URL

    init(mediaDirectory: String) {
        directory = URL(fileURLWithPath: mediaDirectory).appendingPathComponent("wishes/photos")
    }

    func url(of storedName: String) -> URL {
        directory.appendingPathComponent(storedName)
    }

    /// The stored file and its type for the photo `id`, or nil when there is no such photo.
    func stored(_ id: UUID, on database: any Database) async throws -> (url: URL, mediaType: String)? {
        struct Row: Decodable {
            let stored_name: String
            let media_type: String
        }
        let row = try await database.sql().select().column("stored_name").column("media_type").from("wish_photos")
            .where("id", .equal, id).first(decoding: Row.self)
        return row.map { (url(of: $0.stored_name), $0.media_type) }
    }
}

extension WishPhotoFiles {
    /// Whether `userID` may see the photo `id`: they uploaded it, or a wish with it reached their Inbox.
    func isVisible(_ id: UUID, to userID: UUID, on database: any Database) async throws -> Bool {
        let sql = try database.sql()
        if try await sql.select().column("id").from("wish_photos").where("id", .equal, id).where("owner_id", .equal, userID).first() != nil
        {
            return true
        }
        return try await sql.select().column("id").from(InboxWishRecord.schema)
            .where("recipient_id", .equal, userID).where("photo", .equal, WishPhoto.uploaded(id).description).limit(1).first() != nil
    }
}
