/// What a new password must be (OWASP ASVS 5.0 §6.2): at least 8 characters, at most the
/// 72 bytes bcrypt reads (longer ones are refused rather than silently cut), no NUL character
/// (C libraries would end the password there), and not one of the most common passwords.
public struct PasswordPolicy: Sendable {
    /// The shortest password accepted.
    public static let minimumLength = 8
    /// bcrypt reads only the first 72 bytes.
    public static let maximumBytes = 72

    private let commonPasswords: Set<String>

    /// A policy refusing `commonPasswords`, compared in lower case.
    public init(commonPasswords: some Sequence<String>) {
        self.commonPasswords = Set(commonPasswords.map { $0.lowercased() })
    }

    /// A policy refusing each non-empty line of `list` (one password per line).
    public init(commonPasswordList list: String) {
        self.init(commonPasswords: list.split(whereSeparator: \.isNewline).map(String.init))
    }

    /// How many common passwords the policy refuses.
    public var commonPasswordCount: Int { commonPasswords.count }

    /// The message key for an unacceptable password, or nil when it is acceptable.
    public func problem(_ password: String) -> String? {
        if password.unicodeScalars.contains("\0") { return "error.password.nul" }
        if password.count < Self.minimumLength { return "error.password.tooShort" }
        if password.utf8.count > Self.maximumBytes { return "error.password.tooLong" }
        if commonPasswords.contains(password.lowercased()) { return "error.password.common" }
        return nil
    }
}
