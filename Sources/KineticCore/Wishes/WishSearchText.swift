import Foundation

/// The text a wish is found by, folded the same way for what is stored and what is searched:
/// lower case, without diacritics ("Glückwunsch" is found by "gluckwunsch"), spaces collapsed.
public enum WishSearchText {
    /// The folded form of `parts` joined, for the stored search column.
    public static func folded(_ parts: [String]) -> String {
        fold(parts.joined(separator: " "))
    }

    /// A SQL `LIKE` pattern that finds `phrase` anywhere in a folded column, with `\` escaping
    /// the pattern characters the user typed (`%`, `_`, `\`); nil for an empty phrase.
    public static func likePattern(for phrase: String) -> String? {
        let folded = fold(phrase)
        guard !folded.isEmpty else { return nil }
        var escaped = ""
        for character in folded {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
