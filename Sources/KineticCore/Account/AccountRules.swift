import Foundation

/// Rules for account fields, shared by sign-up, the profile update and the web forms
/// (passwords: ``PasswordPolicy``).
public enum AccountRules {
    /// The longest display name accepted.
    public static let maximumNameLength = 100

    /// The name with surrounding white space removed, or a message key when it is empty or too long.
    public static func normalizedName(_ name: String) -> Result<String, FieldErrors> {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .failure(FieldErrors(["name": "error.name.empty"])) }
        if trimmed.count > maximumNameLength { return .failure(FieldErrors(["name": "error.name.tooLong"])) }
        return .success(trimmed)
    }

    /// The address lower-cased and trimmed, or a message key when it does not look like an e-mail address.
    /// Deliberately simple: one `@`, a non-empty local part, a domain with a dot, no spaces.
    public static func normalizedEmail(_ email: String) -> Result<String, FieldErrors> {
        let trimmed = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        let valid = parts.count == 2
            && !parts[0].isEmpty
            && parts[1].contains(".")
            && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
            && !trimmed.contains(where: \.isWhitespace)
            && trimmed.count <= 254
        return valid ? .success(trimmed) : .failure(FieldErrors(["email": "error.email.invalid"]))
    }
}
