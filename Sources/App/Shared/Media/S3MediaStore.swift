import AsyncHTTPClient
import Foundation
import NIOCore
import ObjectStorage
import Vapor

/// Media in a bucket of an S3-compatible store (`KINETIC_MEDIA_URL`), which every instance
/// reads and writes: uploads and downloads stream through ``S3Client``.
///
/// Files are served through Kinetic (a streaming proxy) rather than by redirecting to presigned
/// URLs: the store may sit on a private network the browser cannot reach, a page's
/// Content-Security-Policy stays `'self'`, access is checked on every read exactly as with a
/// local directory (a presigned URL works for whoever holds it until it expires), and a Range
/// asked of Kinetic is asked of the store, so seeking in a song costs the bytes it needs.
struct S3MediaStore: MediaStore {
    let client: S3Client

    func keep(_ file: URL, as key: MediaKey, contentType: String) async throws {
        try await client.putObject(key.description, file: file, contentType: contentType)
        try? FileManager.default.removeItem(at: file)
    }

    func write(_ data: Data, as key: MediaKey, contentType: String) async throws {
        try await client.putObject(key.description, data: data, contentType: contentType)
    }

    func data(_ key: MediaKey, maximumBytes: Int) async throws -> Data? {
        do {
            return try await client.objectData(key.description, maximumBytes: maximumBytes)
        } catch is NIOTooManyBytesError {
            throw MediaTooLarge(key: key, maximumBytes: maximumBytes)
        }
    }

    func exists(_ key: MediaKey) async throws -> Bool {
        try await client.headObject(key.description) != nil
    }

    /// Nothing of a bucket is on this machine's disk.
    func localFile(_ key: MediaKey) -> URL? { nil }

    func download(_ key: MediaKey, to file: URL) async throws -> Bool {
        try await client.download(key.description, to: file)
    }

    /// The headers of the store's answer a browser needs; the rest (the store's own request
    /// ids, its server name) stay behind.
    private static let passedHeaders = ["content-length", "content-range", "accept-ranges", "etag", "last-modified"]

    func response(for key: MediaKey, contentType: HTTPMediaType, to request: Request) async throws -> Response? {
        let download = try await client.getObject(
            key.description, range: request.headers.first(name: .range), ifNoneMatch: request.headers.first(name: .ifNoneMatch))
        guard let download else { return nil }
        var headers = HTTPHeaders()
        for name in Self.passedHeaders {
            if let value = download.headers.first(name: name) { headers.replaceOrAdd(name: name, value: value) }
        }
        headers.replaceOrAdd(name: .contentType, value: contentType.serialize())
        if headers.first(name: .acceptRanges) == nil { headers.replaceOrAdd(name: .acceptRanges, value: "bytes") }
        guard download.status == .ok || download.status == .partialContent else {
            // 304, or 416 whose body is the store's XML (its request ids, the bucket): nothing of it goes on.
            headers.remove(name: .contentLength)
            headers.remove(name: .contentType)
            return Response(status: download.status, headers: headers)
        }
        let length = download.headers.first(name: "content-length").flatMap { Int($0) } ?? -1
        let body = download.body
        let response = Response(status: download.status, headers: headers)
        response.body = Response.Body(
            managedAsyncStream: { writer in
                for try await chunk in body { try await writer.write(.buffer(chunk)) }
            }, count: length)
        return response
    }

    func remove(_ key: MediaKey) async throws {
        guard key.isObject else { throw MediaKey.Invalid(key: key.description) }
        try await client.deleteObject(key.description)
    }

    func removeAll(under prefix: MediaKey) async throws {
        for object in try await client.listObjects(prefix: prefix.description) {
            try await client.deleteObject(object.key)
        }
    }

    func list(under prefix: MediaKey) async throws -> [MediaObject] {
        try await client.listObjects(prefix: prefix.description).compactMap { object in
            (try? MediaKey(object.key)).map { MediaObject(key: $0, size: object.size) }
        }
    }

    func checkReachable() async throws {
        try await client.checkBucket()
    }
}
