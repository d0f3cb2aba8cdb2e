import Foundation

/// How wishes are found: by every word of a search, in any order, each the start of a word of
/// the wish, ranked by where the words were found. Words are compared as people type them
/// (``SpellingKey``): without case, accents or width ("Glückwunsch" is
/// found by "gluck"), and with the spellings of letters a keyboard may lack ("muenchen" finds
/// "München", "aeroskobing" "Ærøskøbing", "strasse" "Straße"). A search word of
/// ``typoMinimumLength`` letters or more also finds words one typo away (``typoSpellings(of:)``).
///
/// A wish's stored search text holds its words, each tagged with the field it came from and
/// set off by spaces: ` s:happy s:birthday p:carla p:example p:com m:all m:the m:best `. A
/// search word `w` is then the SQL pattern `% _:w%` (any field) or `% s:w%` (the subject): plain
/// `LIKE` on one column, on SQLite and PostgreSQL alike. Words are letters and digits only, so
/// no search word carries a `LIKE` wildcard.
public enum WishSearchText {
    /// Where a word was found, and what it is worth in the ranking.
    public enum Field: String, CaseIterable, Sendable {
        case subject = "s"
        /// The recipients' addresses, or the sender's name and address.
        case people = "p"
        case message = "m"

        /// A search word found in the subject counts 3, among the people 2, in the message 1;
        /// a wish ranks by the sum over the search's words, each where it counts most.
        public var weight: Int {
            switch self {
            case .subject: 3
            case .people: 2
            case .message: 1
            }
        }
    }

    /// The most words of a search that are looked for; the rest are ignored.
    public static let maximumWords = 8
    /// The shortest search word that also finds words one typo away: shorter ones would find
    /// too much.
    public static let typoMinimumLength = 5

    /// The stored search text of a wish with these fields.
    public static func stored(subject: String, people: [String], message: String) -> String {
        let tagged =
            words(in: subject).map { Field.subject.rawValue + ":" + $0 }
            + people.flatMap(words(in:)).map { Field.people.rawValue + ":" + $0 }
            + words(in: message).map { Field.message.rawValue + ":" + $0 }
        return " " + tagged.joined(separator: " ") + " "
    }

    /// The words of a search: folded, each once, at most ``maximumWords``; empty when it has none.
    public static func searchWords(_ phrase: String) -> [String] {
        var unique: [String] = []
        for word in words(in: phrase) where !unique.contains(word) && unique.count < maximumWords { unique.append(word) }
        return unique
    }

    /// The `LIKE` pattern of a search word found in `field`, or in any field when nil.
    public static func pattern(_ word: String, in field: Field? = nil) -> String {
        "% " + (field?.rawValue ?? "_") + ":" + word + "%"
    }

    /// The spellings one typo away from `word` that it also finds, each as a `LIKE` pattern's
    /// word (`_` standing for any one letter): each letter replaced by another or left out, one
    /// added before each, and each pair swapped. None for a word shorter than ``typoMinimumLength``.
    public static func typoSpellings(of word: String) -> [String] {
        let letters = Array(word.unicodeScalars)
        guard letters.count >= typoMinimumLength else { return [] }
        let any: Unicode.Scalar = "_"
        var spellings: [[Unicode.Scalar]] = []
        for index in letters.indices {
            spellings.append(letters[..<index] + [any] + letters[(index + 1)...])
            spellings.append(Array(letters[..<index] + letters[(index + 1)...]))
            if index > 0 { spellings.append(letters[..<index] + [any] + letters[index...]) }
            if index + 1 < letters.count, letters[index] != letters[index + 1] {
                spellings.append(letters[..<index] + [letters[index + 1], letters[index]] + letters[(index + 2)...])
            }
        }
        var unique: [String] = []
        for spelling in spellings.map({ String(String.UnicodeScalarView($0)) }) where !unique.contains(spelling) { unique.append(spelling) }
        return unique
    }

    /// How well a wish with `stored` search text matches `words`: the sum of each word's weight
    /// where it counts most, a word found only one typo away counting as in the message; nil when
    /// one of them is missing. The same rule as the SQL the lists filter and sort by, for the
    /// cursor of a page; compared code point by code point, as `LIKE` does, so a word's start
    /// that ends inside a character counts here as it does there.
    public static func score(of stored: String, for words: [String]) -> Int? {
        let text = Array(stored.unicodeScalars)
        let weighty: [Field] = [.subject, .people]
        var score = 0
        for word in words {
            if let field = weighty.first(where: { Self.contains(text, tag: $0, word: word) }) {
                score += field.weight
            } else if ([word] + typoSpellings(of: word)).contains(where: { Self.contains(text, tag: nil, word: $0) }) {
                score += Field.message.weight
            } else {
                return nil
            }
        }
        return score
    }

    /// Whether `text` has ` <tag>:<word>` (any tag when nil), `_` in `word` standing for any one
    /// code point: `LIKE '% s:word%'`.
    private static func contains(_ text: [Unicode.Scalar], tag: Field?, word: String) -> Bool {
        let pattern = Array(word.unicodeScalars)
        guard text.count >= pattern.count + 3 else { return false }
        return (0...(text.count - pattern.count - 3)).contains { start in
            text[start] == " " && text[start + 2] == ":" && (tag.map { text[start + 1] == $0.rawValue.unicodeScalars.first! } ?? true)
                && pattern.indices.allSatisfy { pattern[$0] == "_" || pattern[$0] == text[start + 3 + $0] }
        }
    }

    /// The words of `text` as searches compare them: runs of letters and digits, folded
    /// and spelled plainly (``SpellingKey``).
    static func words(in text: String) -> [String] {
        SpellingKey.folded(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { SpellingKey.spelledPlainly(String($0)) }
    }
}
