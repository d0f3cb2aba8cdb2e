import Foundation

/// Which bucket of which S3-compatible store, read from a URL such as
/// `s3://kinetic-media?endpoint=https://s3.eu-central-1.amazonaws.com&region=eu-central-1`:
///
/// - the host is the bucket;
/// - `endpoint` is the store's address (`http://` or `https://`, with a port when it has one);
///   AWS's regional endpoint when left out;
/// - `region` is what requests are signed for (`us-east-1` when left out; most stores that are
///   not AWS accept any);
/// - `prefix` puts every key under a folder of the bucket (`prefix=kinetic/`), so that one
///   bucket can hold several things.
///
/// Objects are addressed path-style (`endpoint/bucket/key`), which every S3-compatible store
/// understands and which needs no DNS name per bucket.
public struct S3Location: Sendable, Equatable {
    public var bucket: String
    public var endpoint: URL
    public var region: String
    public var prefix: String

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(bucket: String, endpoint: URL, region: String = "us-east-1", prefix: String = "") {
        self.bucket = bucket
        self.endpoint = endpoint
        self.region = region
        self.prefix = prefix
    }

    public init(url text: String) throws {
        guard let components = URLComponents(string: text), components.scheme == "s3" else {
            throw Invalid(description: "the address must start with s3://")
        }
        guard let bucket = components.host, Self.isBucketName(bucket) else {
            throw Invalid(description: "the host must be a bucket name (3 to 63 of a-z, 0-9, '.' and '-')")
        }
        guard components.path.isEmpty || components.path == "/" else {
            throw Invalid(description: "put a folder of the bucket in prefix=, not in the path")
        }
        var settings: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard ["endpoint", "region", "prefix"].contains(item.name), settings[item.name] == nil else {
                throw Invalid(description: "unknown or repeated setting \(item.name)")
            }
            settings[item.name] = item.value ?? ""
        }
        let region = settings["region"] ?? "us-east-1"
        guard !region.isEmpty, region.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw Invalid(description: "region must be a name such as eu-central-1")
        }
        let endpointText = settings["endpoint"] ?? "https://s3.\(region).amazonaws.com"
        guard let endpoint = URL(string: endpointText), let scheme = endpoint.scheme, ["http", "https"].contains(scheme),
            endpoint.host?.isEmpty == false, endpoint.path.isEmpty || endpoint.path == "/", endpoint.query == nil
        else {
            throw Invalid(description: "endpoint must be an http:// or https:// address without a path")
        }
        var prefix = settings["prefix"] ?? ""
        if prefix.hasPrefix("/") { prefix.removeFirst() }
        if !prefix.isEmpty, !prefix.hasSuffix("/") { prefix += "/" }
        self.init(bucket: bucket, endpoint: endpoint, region: region, prefix: prefix)
    }

    /// The `Host` header requests carry: the endpoint's host, with its port when it has one.
    var hostHeader: String {
        let host = endpoint.host ?? ""
        return endpoint.port.map { "\(host):\($0)" } ?? host
    }

    /// A bucket name as S3 allows it: 3–63 lowercase letters, digits, dots and hyphens,
    /// starting and ending with a letter or digit.
    static func isBucketName(_ name: String) -> Bool {
        func isLetterOrDigit(_ byte: UInt8) -> Bool { (97...122).contains(byte) || (48...57).contains(byte) }
        let bytes = Array(name.utf8)
        guard (3...63).contains(bytes.count), let first = bytes.first, let last = bytes.last else { return false }
        return isLetterOrDigit(first) && isLetterOrDigit(last) && bytes.allSatisfy { isLetterOrDigit($0) || $0 == 46 || $0 == 45 }
    }
}
