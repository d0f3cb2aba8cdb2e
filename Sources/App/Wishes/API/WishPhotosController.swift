import Foundation
import KineticCore
import Vapor

/// Photos senders upload for their wishes: `POST /api/v1/wishes/photos` (the picture as the
/// body) and the file, for its owner and the recipients of wishes with it, under the API and
/// the pages.
struct WishPhotosController {
    /// The body is the picture; 201 with what was kept.
    func upload(_ request: Request) async throws -> Response {
        let wishes = try request.wishes()
        guard WishPhotoImporter.isAvailable else { throw WishPhotoImporter.toolsMissing }
        let file = try await request.receiveUploadToKeep(maximumBytes: WishPhotoCheck.maximumBytes, tools: wishes.tools)
        let stored = try await wishes.importPhoto(file)
        return try await WishPhotoDTO(stored).created(at: .api(.wishes(.photo(id: stored.id.uuidString.lowercased()))), for: request)
    }

    func file(_ request: Request) async throws -> Response {
        guard let id = request.parameters.get("photoId").flatMap(UUID.init(uuidString:)) else { throw AppError.notFound }
        let files = try request.wishes().photoFiles
        guard try await files.isVisible(id, to: request.requireUser().requireID(), on: request.db),
            let stored = try await files.stored(id, on: request.db),
            let mediaType = HTTPMediaType.fileExtension(URL(fileURLWithPath: stored.name).pathExtension),
            let response = try await files.store.response(for: stored.key, contentType: mediaType, to: request)
        else { throw AppError.notFound }
        // A stored photo never changes (a new one gets a new id).
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, max-age=31536000, immutable")
        return response
    }
}

/// A kept photo: name it as a wish's `photo`.
struct WishPhotoDTO: Content {
    /// `upload:<uuid>`.
    let id: String
    let url: String
    let mediaType: String
    let width: Int
    let height: Int
    let byteCount: Int

    init(_ stored: WishPhotoImporter.Stored) {
        let photo = WishPhoto.uploaded(stored.id)
        id = photo.description
        url = WishDTO.url(of: photo, api: true)
        mediaType = stored.mediaType
        width = stored.width
        height = stored.height
        byteCount = stored.byteCount
    }
}
