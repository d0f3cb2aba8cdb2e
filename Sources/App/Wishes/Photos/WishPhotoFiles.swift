import Fluent
import Foundation
import KineticCore

/// Where uploaded wish photos live: under `wishes/photos/` in the media store, each under a
/// generated name, described by a row of `wish_photos`.
struct WishPhotoFiles: Sendable {
    let store: any MediaStore

    func key(of storedName: String) throws -> MediaKey {
        try MediaKey("wishes/photos/" + storedName)
    }

    /// The stored photo `id`: its key, file name and type; nil when there is no such photo.
    func stored(_ id: UUID, on database: any Database) async throws -> (key: MediaKey, name: String, mediaType: String)? {
        guard let record = try await WishPhotoRecord.find(id, on: database) else { return nil }
        return (try key(of: record.storedName), record.storedName, record.mediaType)
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
