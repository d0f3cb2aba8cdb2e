/// The phrases a user searched one list for: newest first, at most ``limit``; searching a phrase
/// again moves it to the front instead of listing it twice.
public struct SearchHistory: Equatable, Sendable {
    /// How many phrases a list keeps (the seed: the latest 5).
    public static let limit = 5
    /// The longest phrase kept, in characters.
    public static let maximumPhraseLength = 100

    public private(set) var phrases: [String]

    public init(_ phrases: [String] = []) {
        self.phrases = Array(phrases.prefix(Self.limit))
    }

    /// The history after `phrase` was searched. Spaces are collapsed; an empty phrase changes
    /// nothing; a repeat (ignoring case) moves to the front, written as searched this time.
    public func recording(_ phrase: String) -> SearchHistory {
        let phrase = Self.normalized(phrase)
        guard !phrase.isEmpty else { return self }
        let others = phrases.filter { $0.lowercased() != phrase.lowercased() }
        return SearchHistory([phrase] + others)
    }

    /// `text` as it is searched and remembered: spaces collapsed, at most ``maximumPhraseLength``.
    public static func normalized(_ text: String) -> String {
        String(text.split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(maximumPhraseLength))
    }
}
