import Foundation

/// How wishes are found: by every word of a search, in any order, each the start of a word of
/// the wish (folded for case, accents and width: "Glückwunsch" is found by "gluck"), ranked by
/// where the words were found.
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

    /// How well a wish with `stored` search text matches `words`: the sum of each word's weight
    /// where it counts most, nil when one of them is missing. The same rule as the SQL the
    /// lists sort by, for the cursor of a page; compared code unit by code unit, as `LIKE`
    /// does, so a word's start that ends inside a character counts here as it does there.
    public static func score(of stored: String, for words: [String]) -> Int? {
        var score = 0
        for word in words {
            guard
                let field = Field.allCases.first(where: {
                    stored.range(of: " " + $0.rawValue + ":" + word, options: .literal) != nil
                })
            else { return nil }
            score += field.weight
        }
        return score
    }

    /// The folded words of `text`: runs of letters and digits, lower case, without diacritics.
    static func words(in text: String) -> [String] {
        folded(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// `text` as searches compare it: lower case, without diacritics, full-width forms narrowed.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    }
}
