import Foundation

/// Chooses a supported language from an HTTP `Accept-Language` header (RFC 9110 §12.5.4).
public enum LanguageNegotiation {
    /// One parsed range of the header, e.g. `de-CH;q=0.8`.
    public struct Range: Equatable, Sendable {
        public let tag: String
        public let quality: Double
    }

    /// The ranges of the header, highest quality first (stable for equal qualities); q=0 ranges dropped.
    public static func ranges(of header: String) -> [Range] {
        let parsed: [(Int, Range)] = header.split(separator: ",").enumerated().compactMap { index, part in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty else { return nil }
            var quality = 1.0
            for parameter in pieces.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            guard quality > 0 else { return nil }
            return (index, Range(tag: tag.lowercased(), quality: min(quality, 1)))
        }
        return parsed.sorted { $0.1.quality != $1.1.quality ? $0.1.quality > $1.1.quality : $0.0 < $1.0 }.map(\.1)
    }

    /// The first supported language matching the header's preferences: an exact tag first
    /// (`en-XA`), then the primary language (`de-AT` → German). Nil when nothing matches.
    public static func bestMatch(acceptLanguage header: String) -> AppLanguage? {
        for range in ranges(of: header) {
            if let exact = AppLanguage.allCases.first(where: { $0.rawValue.lowercased() == range.tag }) {
                return exact
            }
            let primary = range.tag.split(separator: "-").first.map(String.init) ?? range.tag
            if let language = AppLanguage(rawValue: primary) { return language }
        }
        return nil
    }
}
