import Foundation

/// Base64url without padding (RFC 4648 §5), the encoding of every key, secret and token in Web
/// Push.
public enum Base64URL {
    public static func encode(_ bytes: some DataProtocol) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of `text`, padded or not; nil when it is not base64url (or plain base64, which
    /// some browsers' older `getKey` users send).
    public static func decode(_ text: String) -> Data? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard = standard.trimmingCharacters(in: CharacterSet(charactersIn: "="))
        guard standard.count % 4 != 1 else { return nil }
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard)
    }
}
