import Foundation
import Vapor

/// Where song files live: under `songs/` in the media store, each under a generated name
/// (`<uuid>.<format>`), never the uploader's.
struct SongFiles: Sendable {
    let store: any MediaStore

    func key(of storedName: String) throws -> MediaKey {
        try MediaKey("songs/" + storedName)
    }

    /// Moves a checked upload into the store under `storedName`.
    func keep(_ upload: URL, as storedName: String, mediaType: String) async throws {
        try await store.keep(upload, as: key(of: storedName), contentType: mediaType)
    }

    /// Removes the file `storedName`.
    func remove(_ storedName: String) async throws {
        try await store.remove(key(of: storedName))
    }

    /// The file as the answer to `request` (a 206 for a Range); nil when it is gone.
    func response(for storedName: String, mediaType: HTTPMediaType, to request: Request) async throws -> Response? {
        try await store.response(for: key(of: storedName), contentType: mediaType, to: request)
    }
}
