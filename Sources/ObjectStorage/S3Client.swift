import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOFileSystem
import NIOFoundationCompat
import NIOHTTP1

/// The few S3 operations Kinetic's media needs (put, get with a range, head, delete, list), on
/// AsyncHTTPClient and signed with ``SignatureV4``. Bodies stream both ways: an upload is read
/// from its file in chunks (hashed in a first pass, so its signature covers its bytes) and a
/// download is handed on chunk by chunk, so a 200 MB song is never in memory whole.
public struct S3Client: Sendable {
    public let location: S3Location
    let signer: SignatureV4
    let http: HTTPClient
    let now: @Sendable () -> Date

    /// How long a small request may take to answer, and an upload to be sent and answered.
    static let shortTimeout = TimeAmount.seconds(30)
    static let uploadTimeout = TimeAmount.minutes(30)

    public init(
        location: S3Location, credentials: SignatureV4.Credentials, http: HTTPClient, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.location = location
        signer = SignatureV4(credentials: credentials, region: location.region, service: "s3")
        self.http = http
        self.now = now
    }

    /// An object's size and type, as a listing or HEAD tells them.
    public struct ObjectInfo: Sendable, Equatable {
        /// The key without the location's prefix.
        public var key: String
        public var size: Int64
        public var contentType: String?
    }

    /// A GET's answer, its body still to be read: 200 or 206 (a range), 304 when the object
    /// still has the ETag the caller named, or 416 when the range starts beyond the object.
    public struct Download: Sendable {
        public var status: HTTPResponseStatus
        /// `Content-Length`, `Content-Range`, `Content-Type`, `ETag`, `Last-Modified` and
        /// `Accept-Ranges`, as the store gave them.
        public var headers: HTTPHeaders
        public var body: HTTPClientResponse.Body
    }

    // MARK: Operations

    /// Stores the file at `file` as `key`, streamed in 1 MiB chunks.
    public func putObject(_ key: String, file: URL, contentType: String) async throws {
        try await FileSystem.shared.withFileHandle(forReadingAt: FilePath(file.path)) { handle in
            let size = try await handle.info().size
            var hash = SHA256()
            for try await chunk in handle.readChunks(in: 0..<size, chunkLength: .mebibytes(1)) {
                chunk.withUnsafeReadableBytes { hash.update(bufferPointer: $0) }
            }
            var request = prepared(
                .PUT, key: key, headers: [("content-type", contentType)],
                payloadHash: SignatureV4.hex(hash.finalize()))
            request.body = .stream(handle.readChunks(in: 0..<size, chunkLength: .mebibytes(1)), length: .known(size))
            let response = try await http.execute(request, timeout: Self.uploadTimeout)
            try await Self.expectSuccess(response)
        }
    }

    /// Stores `data` as `key`.
    public func putObject(_ key: String, data: Data, contentType: String) async throws {
        var request = prepared(
            .PUT, key: key, headers: [("content-type", contentType)],
            payloadHash: SignatureV4.payloadHash(of: data))
        request.body = .bytes(ByteBuffer(bytes: data))
        let response = try await http.execute(request, timeout: Self.uploadTimeout)
        try await Self.expectSuccess(response)
    }

    /// The object `key`, or the bytes `range` names (a `Range` header's value, `bytes=0-99`),
    /// or nothing new when it still has the ETag `ifNoneMatch` names (an `If-None-Match`
    /// header's value); nil when there is no such object.
    public func getObject(_ key: String, range: String? = nil, ifNoneMatch: String? = nil) async throws -> Download? {
        var headers: [(String, String)] = []
        if let range { headers.append(("range", range)) }
        if let ifNoneMatch { headers.append(("if-none-match", ifNoneMatch)) }
        let response = try await http.execute(prepared(.GET, key: key, headers: headers), timeout: Self.shortTimeout)
        switch response.status {
        case .notFound: return nil
        case .ok, .partialContent, .notModified, .rangeNotSatisfiable:
            return Download(status: response.status, headers: response.headers, body: response.body)
        default: throw await Self.failure(response)
        }
    }

    /// The whole object `key` in memory, refused beyond `maximumBytes`; nil when there is none.
    public func objectData(_ key: String, maximumBytes: Int) async throws -> Data? {
        guard let download = try await getObject(key) else { return nil }
        return Data(buffer: try await download.body.collect(upTo: maximumBytes))
    }

    /// Writes the object `key` to `file` (replacing it), chunk by chunk; false when there is none.
    public func download(_ key: String, to file: URL) async throws -> Bool {
        guard let download = try await getObject(key) else { return false }
        try await FileSystem.shared.withFileHandle(
            forWritingAt: FilePath(file.path), options: .newFile(replaceExisting: true)
        ) { handle in
            var offset: Int64 = 0
            for try await chunk in download.body {
                try await handle.write(contentsOf: chunk, toAbsoluteOffset: offset)
                offset += Int64(chunk.readableBytes)
            }
        }
        return true
    }

    /// The size and type of `key`; nil when there is no such object.
    public func headObject(_ key: String) async throws -> ObjectInfo? {
        let response = try await http.execute(prepared(.HEAD, key: key), timeout: Self.shortTimeout)
        switch response.status {
        case .notFound: return nil
        case .ok:
            return ObjectInfo(
                key: key, size: response.headers.first(name: "content-length").flatMap { Int64($0) } ?? 0,
                contentType: response.headers.first(name: "content-type"))
        default: throw await Self.failure(response)
        }
    }

    /// Removes `key`; removing what is not there is no error.
    public func deleteObject(_ key: String) async throws {
        let response = try await http.execute(prepared(.DELETE, key: key), timeout: Self.shortTimeout)
        try await Self.expectSuccess(response)
    }

    /// Every object whose key starts with `prefix`, in key order, read a page at a time
    /// (`pageSize` objects, at most the 1,000 S3 gives).
    public func listObjects(prefix: String, pageSize: Int = 1000) async throws -> [ObjectInfo] {
        var objects: [ObjectInfo] = []
        var token: String?
        repeat {
            var query = [
                SignatureV4.QueryItem("list-type", "2"), SignatureV4.QueryItem("max-keys", String(pageSize)),
                SignatureV4.QueryItem("prefix", location.prefix + prefix),
            ]
            if let token { query.append(SignatureV4.QueryItem("continuation-token", token)) }
            let response = try await http.execute(prepared(.GET, key: nil, query: query), timeout: Self.shortTimeout)
            guard response.status == .ok else { throw await Self.failure(response) }
            let page = try S3ListPage(xml: Data(buffer: try await response.body.collect(upTo: 16 << 20)))
            objects += page.objects.map {
                ObjectInfo(key: String($0.key.dropFirst(location.prefix.count)), size: $0.size, contentType: nil)
            }
            token = page.isTruncated ? page.nextToken : nil
        } while token != nil
        return objects
    }

    /// Throws unless the bucket answers to this client's credential: the readiness check.
    public func checkBucket() async throws {
        let response = try await http.execute(prepared(.HEAD, key: nil), timeout: .seconds(2))
        try await Self.expectSuccess(response)
    }

    // MARK: Requests

    /// A signed request for `key` (the bucket itself when nil) with `headers` besides `host`
    /// and the SigV4 ones, its body to be set by the caller; `payloadHash` names it.
    func prepared(
        _ method: HTTPMethod, key: String?, query: [SignatureV4.QueryItem] = [], headers: [(String, String)] = [],
        payloadHash: String = SignatureV4.emptyPayloadHash
    ) -> HTTPClientRequest {
        let path = "/\(location.bucket)" + (key.map { "/" + location.prefix + $0 } ?? "")
        var signing = SignatureV4.Request(
            method: method.rawValue, path: path, query: query,
            headers: [SignatureV4.Header("host", location.hostHeader), SignatureV4.Header("x-amz-content-sha256", payloadHash)]
                + headers.map { SignatureV4.Header($0.0, $0.1) },
            payloadHash: payloadHash)
        let signed = signer.sign(signing, at: now())
        signing.headers += signed.addedHeaders
        let base =
            location.endpoint.absoluteString.hasSuffix("/")
            ? String(location.endpoint.absoluteString.dropLast()) : location.endpoint.absoluteString
        let queryText = SignatureV4.canonicalQuery(query)
        var request = HTTPClientRequest(
            url: base + SignatureV4.encoded(path, keepingSlashes: true) + (queryText.isEmpty ? "" : "?" + queryText))
        request.method = method
        for header in signing.headers { request.headers.add(name: header.name, value: header.value) }
        return request
    }

    // MARK: Errors

    private static func expectSuccess(_ response: HTTPClientResponse) async throws {
        guard (200..<300).contains(response.status.code) else { throw await failure(response) }
        _ = try? await response.body.collect(upTo: 1 << 20)
    }

    private static func failure(_ response: HTTPClientResponse) async -> S3Error {
        let body = (try? await response.body.collect(upTo: 64 << 10)).map { Data(buffer: $0) } ?? Data()
        return S3Error(status: Int(response.status.code), xml: body)
    }
}
