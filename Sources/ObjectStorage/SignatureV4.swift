import Crypto
import Foundation

/// AWS Signature Version 4, as S3 and S3-compatible stores (MinIO, Garage, Ceph, R2…) check it:
/// the request is reduced to a canonical form, hashed into a string to sign, and signed with a
/// key derived from the secret, the day, the region and the service.
///
/// Paths and query items are given decoded and encoded once here (what S3 expects; other AWS
/// services double-encode paths, which nothing here signs for). ``normalizesPath`` removes `.`
/// and `..` segments and repeated slashes first, as services other than S3 do; S3 keys keep
/// them as written.
///
/// The rules are AWS's "Create a signed AWS API request" and S3's "Signature Calculations for
/// the Authorization Header"; the tests hold them to AWS's published test suite and to the
/// signatures botocore computes for the same requests.
public struct SignatureV4: Sendable {
    public struct Credentials: Sendable, Equatable {
        public var accessKeyID: String
        public var secretAccessKey: String
        /// A temporary credential's token, sent and signed as `x-amz-security-token`.
        public var sessionToken: String?

        public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
            self.accessKeyID = accessKeyID
            self.secretAccessKey = secretAccessKey
            self.sessionToken = sessionToken
        }
    }

    /// What is signed of a request. `headers` must hold `host`; names are compared without case.
    public struct Request: Sendable, Equatable {
        public var method: String
        /// The decoded path, from `/`.
        public var path: String
        /// Decoded names and values, in any order.
        public var query: [QueryItem]
        public var headers: [Header]
        /// The body's SHA-256 in lowercase hex, or `UNSIGNED-PAYLOAD`.
        public var payloadHash: String

        public init(method: String, path: String, query: [QueryItem] = [], headers: [Header], payloadHash: String) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.payloadHash = payloadHash
        }
    }

    public struct QueryItem: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A request's signature and what went into it.
    public struct Signed: Sendable, Equatable {
        /// The headers to send besides the request's own: `x-amz-date`, `x-amz-security-token`
        /// with a temporary credential, and `authorization`.
        public var addedHeaders: [Header]
        public var canonicalRequest: String
        public var stringToSign: String
        public var authorization: String
    }

    /// The hash S3 is told when a body is not hashed (`x-amz-content-sha256`).
    public static let unsignedPayload = "UNSIGNED-PAYLOAD"
    /// The SHA-256 of nothing, the payload hash of a request without a body.
    public static let emptyPayloadHash = hex(SHA256.hash(data: Data()))

    public var credentials: Credentials
    public var region: String
    public var service: String
    public var normalizesPath: Bool

    public init(credentials: Credentials, region: String, service: String = "s3", normalizesPath: Bool = false) {
        self.credentials = credentials
        self.region = region
        self.service = service
        self.normalizesPath = normalizesPath
    }

    /// Signs `request` as sent at `date`.
    public func sign(_ request: Request, at date: Date) -> Signed {
        let stamp = Stamp(date)
        var signing = request
        signing.headers.append(Header("x-amz-date", stamp.dateTime))
        var added = [Header("x-amz-date", stamp.dateTime)]
        if let token = credentials.sessionToken {
            signing.headers.append(Header("x-amz-security-token", token))
            added.append(Header("x-amz-security-token", token))
        }
        let canonical = canonicalRequest(signing)
        let scope = "\(stamp.date)/\(region)/\(service)/aws4_request"
        let stringToSign = ["AWS4-HMAC-SHA256", stamp.dateTime, scope, Self.hex(SHA256.hash(data: Data(canonical.request.utf8)))]
            .joined(separator: "\n")
        let signature = Self.hex(HMAC<SHA256>.authenticationCode(for: Data(stringToSign.utf8), using: signingKey(day: stamp.date)))
        let authorization =
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), SignedHeaders=\(canonical.signedHeaders), Signature=\(signature)"
        added.append(Header("authorization", authorization))
        return Signed(addedHeaders: added, canonicalRequest: canonical.request, stringToSign: stringToSign, authorization: authorization)
    }

    /// The canonical request and the names of the signed headers (every header given).
    func canonicalRequest(_ request: Request) -> (request: String, signedHeaders: String) {
        var values: [String: [String]] = [:]
        for header in request.headers {
            values[header.name.lowercased(), default: []].append(Self.trimmedValue(header.value))
        }
        let names = values.keys.sorted()
        let headers = names.map { "\($0):\(values[$0]!.joined(separator: ","))\n" }.joined()
        let signedHeaders = names.joined(separator: ";")
        let path = normalizesPath ? Self.normalized(request.path) : request.path
        let lines = [
            request.method, Self.encoded(path, keepingSlashes: true), Self.canonicalQuery(request.query), headers, signedHeaders,
            request.payloadHash,
        ]
        return (lines.joined(separator: "\n"), signedHeaders)
    }

    /// The query as it is signed, and as well sent: each name and value encoded, sorted by name then value.
    public static func canonicalQuery(_ items: [QueryItem]) -> String {
        let pairs: [(name: String, value: String)] = items.map {
            (encoded($0.name, keepingSlashes: false), encoded($0.value, keepingSlashes: false))
        }
        // Encoded, they are ASCII, so String's order is the byte order SigV4 asks for.
        let sorted = pairs.sorted { $0.name == $1.name ? $0.value < $1.value : $0.name < $1.name }
        return sorted.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    /// `text` with every byte but the unreserved ones (`A–Z a–z 0–9 - . _ ~`, and `/` when
    /// `keepingSlashes`) written `%XX` in uppercase hex, as SigV4 and S3 keys want.
    public static func encoded(_ text: String, keepingSlashes: Bool) -> String {
        var result = ""
        for byte in text.utf8 {
            if isUnreserved(byte) || (keepingSlashes && byte == UInt8(ascii: "/")) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: true // A–Z, a–z, 0–9
        case 0x2D, 0x2E, 0x5F, 0x7E: true // - . _ ~
        default: false
        }
    }

    /// A header value as signed: trimmed, each run of spaces one space.
    static func trimmedValue(_ value: String) -> String {
        value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
    }

    /// `path` without empty, `.` and `..` segments (RFC 3986's remove_dot_segments, with
    /// repeated slashes collapsed), keeping a trailing slash.
    static func normalized(_ path: String) -> String {
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": _ = segments.popLast()
            default: segments.append(segment)
            }
        }
        let joined = "/" + segments.joined(separator: "/")
        let endsInFolder = path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("/..")
        return endsInFolder && !segments.isEmpty ? joined + "/" : joined
    }

    private func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }

    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// The request's time as SigV4 writes it, in UTC.
    struct Stamp {
        /// `yyyyMMdd'T'HHmmss'Z'`
        let dateTime: String
        /// `yyyyMMdd`
        let date: String

        init(_ date: Date) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            func two(_ value: Int?) -> String { String(value ?? 0).leftPadded(to: 2) }
            self.date = String(parts.year ?? 0).leftPadded(to: 4) + two(parts.month) + two(parts.day)
            dateTime = self.date + "T" + two(parts.hour) + two(parts.minute) + two(parts.second) + "Z"
        }
    }
}

extension SignatureV4 {
    /// The SHA-256 of `data` in lowercase hex, as `x-amz-content-sha256` carries it.
    public static func payloadHash(of data: some DataProtocol) -> String {
        hex(SHA256.hash(data: data))
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
