import Foundation

/// The time zone that decides a user's "today" and "this month": an IANA identifier such as
/// `Europe/Berlin`, chosen in Settings or taken from the browser at sign-up.
public enum UserTimeZone {
    /// The identifier as the system spells it, or a message key when it names no time zone.
    public static func validated(_ identifier: String, field: String = "timeZone") -> Result<String, FieldErrors> {
        let trimmed = identifier.trimmingCharacters(in: .whitespaces)
        guard trimmed.count <= 64, let zone = TimeZone(identifier: trimmed),
            TimeZone.knownTimeZoneIdentifiers.contains(zone.identifier)
        else {
            return .failure(FieldErrors([field: "error.timeZone.unknown"]))
        }
        return .success(zone.identifier)
    }

    /// The identifiers offered in Settings: UTC, then the zones by region (`Africa/…`, `America/…`, …).
    public static var choices: [String] {
        ["UTC"] + TimeZone.knownTimeZoneIdentifiers.filter { $0.contains("/") && !$0.hasPrefix("Etc/") }.sorted()
    }
}
