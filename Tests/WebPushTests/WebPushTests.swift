import Crypto
import Foundation
import Testing

@testable import WebPush

/// Web Push's message encryption against the worked example of RFC 8291 (§5, its values in
/// Appendix A), decrypted again as a browser would; the VAPID token as a push service checks it.
struct WebPushTests {
    // RFC 8291 §5: the subscriber's keys, the sender's key for this one message, the salt.
    static let subscriberPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let subscriberPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
    static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
    static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
    static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
    static let plaintext = "When I grow up, I want to be a watermelon"
    static let body =
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"

    @Test func encryption_matchesTheWorkedExampleOfRFC8291_toTheByte() throws {
        let subscriber = try PushSubscriber(p256dh: Self.subscriberPublic, auth: Self.authSecret)
        let senderBytes = try #require(Base64URL.decode(Self.senderPrivate))
        let salt = try #require(Base64URL.decode(Self.salt))
        let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: senderBytes)
        let body = try PushEncryption.encrypt(Data(Self.plaintext.utf8), for: subscriber, salt: salt, senderKey: sender)
        #expect(Base64URL.encode(body) == Self.body)
    }

    @Test func aFreshMessage_decryptsWithTheSubscribersPrivateKey_andNoTwoAreAlike() throws {
        let subscriber = try PushSubscriber(p256dh: Self.subscriberPublic, auth: Self.authSecret)
        let text = Data(#"{"kind":"wishArrived","title":"Ann sent you a wish"}"#.utf8)
        let first = try PushEncryption.encrypt(text, for: subscriber)
        let second = try PushEncryption.encrypt(text, for: subscriber)
        #expect(first != second)
        #expect(try Self.decrypt(first) == text)
        #expect(try Self.decrypt(second) == text)
    }

    @Test func aMessageTooLargeForOneRecord_isRefused() throws {
        let subscriber = try PushSubscriber(p256dh: Self.subscriberPublic, auth: Self.authSecret)
        let largest = Data(repeating: 0x41, count: PushEncryption.maximumPlaintext)
        #expect(try PushEncryption.encrypt(largest, for: subscriber).count == PushEncryption.recordSize)
        #expect(throws: PushEncryption.TooLarge(bytes: largest.count + 1)) {
            try PushEncryption.encrypt(largest + [0x41], for: subscriber)
        }
    }

    @Test func subscriberKeys_thatAreNotWhatTheySay_areRefused() throws {
        let point = try #require(Base64URL.decode(Self.subscriberPublic))
        var offCurve = point
        offCurve[64] ^= 0x01
        #expect(throws: PushSubscriber.Invalid.publicKey) { try PushSubscriber(p256dh: "AA", auth: Self.authSecret) }
        #expect(throws: PushSubscriber.Invalid.publicKey) { try PushSubscriber(p256dh: Base64URL.encode(offCurve), auth: Self.authSecret) }
        #expect(throws: PushSubscriber.Invalid.publicKey) {
            try PushSubscriber(p256dh: Base64URL.encode(point.dropFirst()), auth: Self.authSecret)
        }
        #expect(throws: PushSubscriber.Invalid.publicKey) { try PushSubscriber(p256dh: "not base64 at all!", auth: Self.authSecret) }
        #expect(throws: PushSubscriber.Invalid.authSecret) { try PushSubscriber(p256dh: Self.subscriberPublic, auth: "AQI") }
        #expect(throws: PushSubscriber.Invalid.authSecret) {
            try PushSubscriber(p256dh: Self.subscriberPublic, auth: String(repeating: "A", count: 200))
        }
        // Padded or plain base64 is read too.
        #expect(try PushSubscriber(p256dh: Self.subscriberPublic, auth: Self.authSecret + "==").authSecret.count == 16)
    }

    @Test func theVAPIDToken_namesThePushServicesOrigin_expiresWithinADay_andVerifiesWithThePublicKey() throws {
        let key = VAPIDKey()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let header = try key.authorization(
            for: try #require(URL(string: "https://Push.Example.net:8443/send/abc?x=1")), subject: "mailto:ops@kinetic.test", now: now)
        let parts = header.split(separator: " ")
        #expect(parts.first == "vapid")
        let token = try #require(parts.first { $0.hasPrefix("t=") }?.dropFirst(2).dropLast())
        let publicKey = try #require(parts.first { $0.hasPrefix("k=") }?.dropFirst(2))
        #expect(String(publicKey) == key.publicKeyBase64URL)
        let pieces = token.split(separator: ".").map(String.init)
        #expect(pieces.count == 3)
        let claimBytes = try #require(Base64URL.decode(pieces[1]))
        let claims = try #require(try JSONSerialization.jsonObject(with: claimBytes) as? [String: Any])
        #expect(claims["aud"] as? String == "https://push.example.net:8443")
        #expect(claims["sub"] as? String == "mailto:ops@kinetic.test")
        #expect(claims["exp"] as? Int == 1_800_000_000 + 12 * 3600)
        let publicBytes = try #require(Base64URL.decode(String(publicKey)))
        let signatureBytes = try #require(Base64URL.decode(pieces[2]))
        let verifier = try P256.Signing.PublicKey(x963Representation: publicBytes)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: signatureBytes)
        #expect(verifier.isValidSignature(signature, for: Data((pieces[0] + "." + pieces[1]).utf8)))
        #expect(!verifier.isValidSignature(signature, for: Data((pieces[0] + "." + pieces[1] + "x").utf8)))
        // Kept and read back, it is the same key.
        #expect(VAPIDKey(privateKeyBase64URL: key.privateKeyBase64URL)?.publicKeyBase64URL == key.publicKeyBase64URL)
        #expect(VAPIDKey(privateKeyBase64URL: "short") == nil)
    }

    @Test func thePushServicesAnswer_saysWhetherToForgetRetryOrGiveUp() {
        #expect(PushDelivery.outcome(status: 201, retryAfter: nil) == .accepted)
        #expect(PushDelivery.outcome(status: 410, retryAfter: nil) == .gone)
        #expect(PushDelivery.outcome(status: 404, retryAfter: nil) == .gone)
        #expect(PushDelivery.outcome(status: 429, retryAfter: "120") == .later(retryAfter: 120))
        #expect(PushDelivery.outcome(status: 503, retryAfter: "soon") == .later(retryAfter: nil))
        #expect(PushDelivery.outcome(status: 413, retryAfter: nil) == .refused(status: 413))
        #expect(PushDelivery.topic("wish-reminder/6f1c…#2026") == "wish-reminder6f1c2026")
        #expect(PushDelivery.topic(String(repeating: "a", count: 40)).count == 32)
        let headers = Dictionary(
            uniqueKeysWithValues: PushDelivery.headers(ttl: 3600, topic: "t", urgency: .high, authorization: "vapid x"))
        #expect(
            headers["TTL"] == "3600" && headers["Topic"] == "t" && headers["Urgency"] == "high"
                && headers["Content-Encoding"] == "aes128gcm")
    }

    /// What a browser does with a message (RFC 8291 §3.4, RFC 8188 §2): the keys again from its
    /// own private key, then the one record opened and its delimiter taken off.
    static func decrypt(_ body: Data) throws -> Data {
        let salt = body.prefix(16)
        let senderPublic = try P256.KeyAgreement.PublicKey(x963Representation: body.dropFirst(21).prefix(65))
        let ownBytes = try #require(Base64URL.decode(subscriberPrivate))
        let auth = try #require(Base64URL.decode(authSecret))
        let own = try P256.KeyAgreement.PrivateKey(rawRepresentation: ownBytes)
        let shared = try own.sharedSecretFromKeyAgreement(with: senderPublic)
        let keyInfo = Data("WebPush: info".utf8) + [0] + own.publicKey.x963Representation + senderPublic.x963Representation
        let inputKey = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
        let key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        let record = body.dropFirst(86)
        let box = try AES.GCM.SealedBox(
            nonce: try AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }), ciphertext: record.dropLast(16), tag: record.suffix(16))
        let opened = try AES.GCM.open(box, using: key)
        #expect(opened.last == 2)
        return opened.dropLast()
    }
}
