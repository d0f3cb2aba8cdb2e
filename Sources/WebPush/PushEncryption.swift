import Crypto
import Foundation

/// Encrypts a push message for one subscriber as RFC 8291 says, in the `aes128gcm` content
/// coding of RFC 8188: one record, keyed by an ECDH agreement between a fresh key of the
/// sender's and the subscriber's key, mixed with the subscriber's authentication secret.
public enum PushEncryption {
    /// The record size written in the header: the largest body a push service must take
    /// (RFC 8030 §7.2 lets it refuse more than 4096 bytes of payload).
    public static let recordSize = 4096
    /// The header: salt (16), record size (4), key id length (1), the sender's key (65).
    static let headerSize = 86
    /// The most plaintext one message can carry: the record, less its delimiter and tag.
    public static let maximumPlaintext = recordSize - headerSize - 1 - 16

    public struct TooLarge: Error, Equatable {
        public let bytes: Int
    }

    /// The body of a push message carrying `plaintext` to `subscriber`: the header, then the
    /// one record, encrypted. `salt` (16 random bytes) and `senderKey` (a key made for this
    /// message alone) are passed in so that a test can pin them; ``encrypt(_:for:)`` makes them.
    public static func encrypt(
        _ plaintext: Data, for subscriber: PushSubscriber, salt: Data, senderKey: P256.KeyAgreement.PrivateKey
    ) throws -> Data {
        precondition(salt.count == 16, "the salt is 16 bytes")
        guard plaintext.count <= maximumPlaintext else { throw TooLarge(bytes: plaintext.count) }
        let senderPublic = senderKey.publicKey.x963Representation
        let shared = try senderKey.sharedSecretFromKeyAgreement(with: subscriber.agreementKey)
        // RFC 8291 §3.3–3.4: the input keying material, then the content key and nonce.
        let keyInfo = Data("WebPush: info".utf8) + [0] + subscriber.publicKey + senderPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: subscriber.authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        // One record, the last: the plaintext and its delimiter (0x02), no padding.
        let sealed = try AES.GCM.seal(
            plaintext + [2], using: contentKey, nonce: try AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
        var body = Data(capacity: headerSize + plaintext.count + 17)
        body += salt
        body += withUnsafeBytes(of: UInt32(recordSize).bigEndian) { Data($0) }
        body.append(UInt8(senderPublic.count))
        body += senderPublic
        body += sealed.ciphertext + sealed.tag
        return body
    }

    /// ``encrypt(_:for:salt:senderKey:)`` with a random salt and a fresh sender key.
    public static func encrypt(_ plaintext: Data, for subscriber: PushSubscriber) throws -> Data {
        var salt = Data(count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices { salt[index] = UInt8.random(in: 0...255, using: &generator) }
        return try encrypt(plaintext, for: subscriber, salt: salt, senderKey: P256.KeyAgreement.PrivateKey())
    }
}
