import Foundation

/// Rules for account fields, shared by sign-up, the profile update and the web forms
/// (passwords: ``PasswordPolicy``).
public enum AccountRules {
    /// The longest display name accepted.
    public static let maximumNameLength = 100

    /// The name with surrounding white space removed, or a message key when it is empty, too
    /// long, or holds a control character (a line break, a tab, NUL…) or a line or paragraph
    /// separator: a name is shown on one line, in pages and in e-mail headers alike.
    public static func normalizedName(_ name: String) -> Result<String, FieldErrors> {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .failure(FieldErrors(["name": "error.name.empty"])) }
        if trimmed.count > maximumNameLength { return .failure(FieldErrors(["name": "error.name.tooLong"])) }
        if trimmed.unicodeScalars.contains(where: isControl) { return .failure(FieldErrors(["name": "error.name.controlCharacter"])) }
        return .success(trimmed)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// The address lower-cased and trimmed, or a message key when it is not one Kinetic accepts
    /// (``EmailAddressSyntax``: a dot-atom local part of at most 64 bytes at a host name).
    public static func normalizedEmail(_ email: String) -> Result<String, FieldErrors> {
        EmailAddressSyntax.normalized(email).map { .success($0) } ?? .failure(FieldErrors(["email": "error.email.invalid"]))
    }
}
