import Foundation

/// How people name a time zone: by its city ("Berlin time", "New York time"), not by its
/// identifier (`Europe/Berlin`) or an abbreviation that means different zones in different
/// places (`CST`).
public enum TimeZoneName {
    /// The city of an IANA identifier: its last part, with spaces for underscores
    /// (`America/Argentina/Buenos_Aires` is "Buenos Aires"); nil for the zones that have none
    /// (`UTC`, `Etc/GMT+5`, `GMT`).
    public static func city(of identifier: String) -> String? {
        let parts = identifier.split(separator: "/")
        guard parts.count >= 2, parts.first != "Etc", let last = parts.last else { return nil }
        return last.replacingOccurrences(of: "_", with: " ")
    }
}
