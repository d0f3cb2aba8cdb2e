import Crypto
import Foundation

/// The keys a browser hands out with a push subscription (`PushSubscription.toJSON().keys`):
/// its P-256 public key (`p256dh`, 65 bytes, uncompressed) and its authentication secret
/// (`auth`, 16 bytes). Made only from keys that are what they say.
public struct PushSubscriber: Sendable, Equatable {
    /// The uncompressed point, as the browser sent it.
    public let publicKey: Data
    public let authSecret: Data

    public enum Invalid: Error, Equatable {
        /// `p256dh` is not an uncompressed P-256 point.
        case publicKey
        /// `auth` is not 16 bytes.
        case authSecret
    }

    /// Reads the two keys as base64url; throws ``Invalid`` naming the one that is wrong.
    public init(p256dh: String, auth: String) throws {
        guard p256dh.utf8.count <= 128, let key = Base64URL.decode(p256dh), key.count == 65, key.first == 0x04,
            (try? P256.KeyAgreement.PublicKey(x963Representation: key)) != nil
        else { throw Invalid.publicKey }
        guard auth.utf8.count <= 64, let secret = Base64URL.decode(auth), secret.count == 16 else { throw Invalid.authSecret }
        publicKey = key
        authSecret = secret
    }

    var agreementKey: P256.KeyAgreement.PublicKey {
        // Checked in `init`.
        try! P256.KeyAgreement.PublicKey(x963Representation: publicKey)
    }
}
