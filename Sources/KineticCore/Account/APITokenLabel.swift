import Foundation

/// The name a client gives its API token (`deviceName` at sign-in), shown in the token list.
public enum APITokenLabel {
    /// The longest label kept; a longer `User-Agent` is cut to this.
    public static let maximumLength = 100

    /// The label with surrounding white space removed, or a message key when it is empty or too long.
    public static func normalized(_ label: String) -> Result<String, FieldErrors> {
        let trimmed = label.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .failure(FieldErrors(["deviceName": "error.deviceName.empty"])) }
        if trimmed.count > maximumLength { return .failure(FieldErrors(["deviceName": "error.deviceName.tooLong"])) }
        return .success(trimmed)
    }
}
