import Foundation

/// Where song files live: `songs/` in the media directory, each under a generated name
/// (`<uuid>.<format>`), never the uploader's.
struct SongFiles: Sendable {
    let directory: URL

    init(mediaDirectory: String) {
        directory = URL(fileURLWithPath: mediaDirectory).appendingPathComponent("songs")
    }

    func url(of storedName: String) -> URL {
        directory.appendingPathComponent(storedName)
    }

    /// Moves a checked upload into the store under `storedName`.
    func keep(_ upload: URL, as storedName: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: upload, to: url(of: storedName))
    }

    func remove(_ storedName: String) {
        try? FileManager.default.removeItem(at: url(of: storedName))
    }
}
