import Foundation
import Vapor

/// Where the files users and imports bring live once they are kept: songs, report PDFs and page
/// images, wish photos and cards. Each is an object under a key such as `songs/<uuid>.mp3` or
/// `reports/<folder>/page-3.jpg`, made by Kinetic, never by a user.
///
/// Two stores: a directory of the server's (``LocalMediaStore``, the default, `KINETIC_MEDIA_DIR`)
/// and a bucket of an S3-compatible store (``S3MediaStore``, `KINETIC_MEDIA_URL`), which several
/// instances share. Tools (ffmpeg, pdftoppm) work on local files: they are given a copy
/// (``download(_:to:)``) and what they make is kept with ``keep(_:as:contentType:)``.
protocol MediaStore: Sendable {
    /// Keeps the file at `file` as `key`, replacing what was there; the file is gone afterwards.
    func keep(_ file: URL, as key: MediaKey, contentType: String) async throws

    /// Keeps `data` as `key`, replacing what was there.
    func write(_ data: Data, as key: MediaKey, contentType: String) async throws

    /// The object `key` in memory (a text, a card), refused beyond `maximumBytes`; nil when
    /// there is none.
    func data(_ key: MediaKey, maximumBytes: Int) async throws -> Data?

    func exists(_ key: MediaKey) async throws -> Bool

    /// Copies the object `key` to the local file `file`, for a tool to read; false when there is none.
    func download(_ key: MediaKey, to file: URL) async throws -> Bool

    /// The object `key`'s own file when the store keeps it on this machine's disk, for a tool to
    /// read in place (never to write: the object is the file); nil when there is none or the
    /// store is a bucket (then ``download(_:to:)`` makes a copy).
    func localFile(_ key: MediaKey) -> URL?

    /// The object `key` as the answer to `request`, streamed, with `Accept-Ranges` and a 206
    /// for a `Range`; nil when there is none.
    func response(for key: MediaKey, contentType: HTTPMediaType, to request: Request) async throws -> Response?

    /// Removes the object `key` (never a folder: ``removeAll(under:)`` empties one); removing
    /// what is not there is no error.
    func remove(_ key: MediaKey) async throws

    /// Removes every object whose key starts with `prefix` (a report's folder).
    func removeAll(under prefix: MediaKey) async throws

    /// Every object whose key starts with `prefix`, in key order, with its size.
    func list(under prefix: MediaKey) async throws -> [MediaObject]

    /// Throws unless the store can be reached now (the readiness probe).
    func checkReachable() async throws
}

/// An object's key and size, as a listing gives them.
struct MediaObject: Equatable, Sendable {
    let key: MediaKey
    let size: Int64
}

/// A media object's name: segments of letters, digits, `.`, `-` and `_` joined by `/` (a folder
/// prefix ends with `/`), none starting with `.`, so it names the same place in every store,
/// cannot leave a directory, and never names the hidden files a local store writes on the way
/// (or an instance's own work beside it).
struct MediaKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    let description: String

    struct Invalid: Error, CustomStringConvertible {
        let key: String
        var description: String { "\"\(key)\" is not a media key" }
    }

    init(_ text: String) throws {
        let segments = text.split(separator: "/", omittingEmptySubsequences: false)
        let isFolder = text.hasSuffix("/")
        let named = isFolder ? segments.dropLast() : segments[...]
        let valid =
            text.isEmpty
            || (!named.isEmpty
                && named.allSatisfy { segment in
                    !segment.isEmpty && !segment.hasPrefix(".")
                        && segment.utf8.allSatisfy { byte in
                            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45
                                || byte == 46 || byte == 95
                        }
                })
        guard valid else { throw Invalid(key: text) }
        description = text
    }

    /// Whether it names an object rather than a folder (`songs/`) or the whole store (``).
    var isObject: Bool { !description.isEmpty && !description.hasSuffix("/") }

    /// The key of `name` inside this folder key (`reports/abc/` + `page-1.jpg`).
    func appending(_ name: String) throws -> MediaKey {
        try MediaKey(description + name)
    }

    static func < (left: MediaKey, right: MediaKey) -> Bool { left.description < right.description }

    /// The content type a store keeps with a file called `name`, by its extension (a restored
    /// backup's objects get theirs again this way); `application/octet-stream` when unknown.
    static func contentType(ofName name: String) -> String {
        switch URL(fileURLWithPath: name).pathExtension.lowercased() {
        case "pdf": "application/pdf"
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "webp": "image/webp"
        case "txt": "text/plain; charset=utf-8"
        case "zip": "application/zip"
        case "m4a": "audio/mp4"
        case "mp3": "audio/mpeg"
        default: "application/octet-stream"
        }
    }
}
