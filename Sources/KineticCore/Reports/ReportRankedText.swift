import Foundation

/// The text a report is ranked by in search, made to fit the database's limits: PostgreSQL
/// refuses a `tsvector` over 1 MB, so a long report cannot be indexed whole. Its first
/// ``fullLimit`` characters are kept as they are (their words weigh by how often they occur),
/// and the further words are added once each, after ``tailMark``, so a word only found on page
/// 300 still finds its report. Each page's text is indexed whole on its own besides, to name
/// the pages a hit is on.
public enum ReportRankedText {
    /// The characters of a report kept as they are.
    public static let fullLimit = 200_000
    /// The most bytes (UTF-8) of the kept part and the further words together. A `tsvector`
    /// stores each distinct word with a few bytes more, and positions for the kept part: text in
    /// Latin letters stays near half of PostgreSQL's limit. A kept part in a script of three
    /// bytes a character leaves no room, and such a report is ranked by its start only.
    public static let byteLimit = 500_000
    /// Separates the text kept from the further words: a paragraph separator, which both
    /// databases' word splitters read as a space.
    public static let tailMark: Character = "\u{2029}"

    /// What `text` (pages separated by form feeds) is ranked by: its first ``fullLimit``
    /// characters, ending before a word cut in two, with form feeds and paragraph separators
    /// turned into line breaks; then, when the text is longer, ``tailMark`` and each word of the
    /// rest that the first part does not hold (letters and digits, compared without case, as
    /// both databases compare them), once each, in the order they first occur, up to
    /// ``byteLimit`` bytes in all.
    public static func of(_ text: String) -> String {
        var builder = Builder()
        builder.add(text[...])
        return builder.ranked
    }

    /// ``of(_:)`` for a text read a part at a time (a book of thousands of pages, never whole in
    /// memory): ``add(_:)`` each part in order, then read ``ranked``. Each part must start where
    /// a word may start (at a page, after a form feed); the result is then what ``of(_:)`` makes
    /// of the parts joined, and holds no more than ``byteLimit`` bytes however long the text.
    public struct Builder: Sendable {
        private var kept = ""
        private var keptCharacters = 0
        private var isKeptWhole = false
        private var hasRest = false
        private var seen: Set<String> = []
        private var tail = ""
        private var bytesLeft = 0
        /// A further word did not fit: nothing more is added (nor remembered).
        private var isFull = false

        public init() {}

        /// Adds the next part of the text.
        public mutating func add(_ part: Substring) {
            var rest = part[...]
            if !isKeptWhole {
                let room = fullLimit - keptCharacters
                var cut = part.index(part.startIndex, offsetBy: room, limitedBy: part.endIndex) ?? part.endIndex
                while cut > part.startIndex, cut < part.endIndex, isWordCharacter(part[cut]),
                    isWordCharacter(part[part.index(before: cut)])
                {
                    cut = part.index(before: cut)
                }
                let taken = part[..<cut]
                kept.append(contentsOf: taken.map { $0 == "\u{0C}" || $0 == tailMark ? "\n" : $0 })
                keptCharacters += taken.count
                rest = part[cut...]
                guard !rest.isEmpty else { return }
                isKeptWhole = true
                seen = Set(words(in: kept[...]).map { $0.lowercased() })
                bytesLeft = byteLimit - kept.utf8.count - 3
            }
            hasRest = hasRest || !rest.isEmpty
            guard !isFull else { return }
            for word in words(in: rest) where seen.insert(word.lowercased()).inserted {
                let bytes = word.utf8.count + (tail.isEmpty ? 0 : 1)
                guard bytes <= bytesLeft else {
                    isFull = true
                    seen = []
                    return
                }
                tail += tail.isEmpty ? word : " " + word
                bytesLeft -= bytes
            }
        }

        /// The ranked text of everything added.
        public var ranked: String {
            tail.isEmpty || !hasRest ? kept : kept + "\n" + String(tailMark) + "\n" + tail
        }
    }

    /// The text kept as it is of a ranked text (what ``of(_:)`` made), without the further words.
    public static func keptPart(of ranked: String) -> Substring {
        ranked.firstIndex(of: tailMark).map { ranked[..<$0].dropLast() } ?? ranked[...]
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// The runs of letters and digits in `text`.
    static func words(in text: Substring) -> [Substring] {
        text.split(whereSeparator: { !isWordCharacter($0) })
    }
}
