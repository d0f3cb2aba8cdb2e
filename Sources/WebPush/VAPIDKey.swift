import Crypto
import Foundation

/// The application server's identity to push services (VAPID, RFC 8292): a P-256 signing key
/// whose public half browsers are given as `applicationServerKey` when they subscribe, and
/// which signs a short-lived JWT for each push service origin.
public struct VAPIDKey: Sendable {
    public let privateKey: P256.Signing.PrivateKey

    public init(_ privateKey: P256.Signing.PrivateKey = P256.Signing.PrivateKey()) {
        self.privateKey = privateKey
    }

    /// A key kept as ``privateKeyBase64URL``; nil when `text` is not one.
    public init?(privateKeyBase64URL text: String) {
        guard let bytes = Base64URL.decode(text), let key = try? P256.Signing.PrivateKey(rawRepresentation: bytes) else { return nil }
        privateKey = key
    }

    /// The private scalar (32 bytes), base64url: what is kept.
    public var privateKeyBase64URL: String { Base64URL.encode(privateKey.rawRepresentation) }

    /// The uncompressed public point, base64url: the `applicationServerKey` and the `k` of the
    /// `Authorization` header.
    public var publicKeyBase64URL: String { Base64URL.encode(privateKey.publicKey.x963Representation) }

    /// How long a token is good for: RFC 8292 allows up to 24 hours; push services refuse more.
    public static let tokenLifetime: TimeInterval = 12 * 3600

    /// The `Authorization` header for a push to `endpoint`: `vapid t=<JWT>, k=<public key>`,
    /// the JWT (ES256) naming the endpoint's origin (`aud`), an expiry (`exp`, `now` plus
    /// ``tokenLifetime``) and how to reach the sender (`sub`, a `mailto:` or `https:` URL).
    public func authorization(for endpoint: URL, subject: String, now: Date) throws -> String {
        guard let scheme = endpoint.scheme?.lowercased(), let host = endpoint.host else { throw URLError(.badURL) }
        let port = endpoint.port.map { ":\($0)" } ?? ""
        let claims: [String: Any] = [
            "aud": "\(scheme)://\(host.lowercased())\(port)", "exp": Int(now.addingTimeInterval(Self.tokenLifetime).timeIntervalSince1970),
            "sub": subject,
        ]
        let header = Base64URL.encode(Data(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let payload = Base64URL.encode(try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys]))
        let signingInput = header + "." + payload
        let signature = try privateKey.signature(for: Data(signingInput.utf8)).rawRepresentation
        return "vapid t=\(signingInput).\(Base64URL.encode(signature)), k=\(publicKeyBase64URL)"
    }
}
