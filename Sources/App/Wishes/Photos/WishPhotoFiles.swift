import Fluent
import Foundation
import KineticCore

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
        try await WishPhotoRecord.find(id, on: database).map { (url(of: $0.storedName), $0.mediaType) }
    }
}

extension WishPhotoFiles {
    /// Whether `userID` may see the photo `id`: they uploaded it, or a wish with it reached their Inbox.
    func isVisible(_ id: UUID, to userID: UUID, on database: any Database) async throws -> Bool {
        if try await WishPhotoRecord.query(on: database).filter(\.$id == id).filter(\.$owner.$id == userID).first() != nil {
            return true
        }
        return try await InboxWishRecord.query(on: database)
            .filter(\.$recipient.$id == userID).filter(\.$photo == WishPhoto.uploaded(id).description).first() != nil
    }
}
