import Foundation

/// The text a report is ranked by in search, made to fit the database's limits without losing a
/// word: PostgreSQL refuses a `tsvector` over 1 MB, so a long report cannot be indexed whole.
/// Its first ``fullLimit`` characters are kept as they are (their words weigh by how often they
/// occur), and every further word is added once, after ``tailMark``, so a word only found on
/// page 300 still finds its report. Each page's text is indexed whole on its own besides, to
/// name the pages a hit is on.
public enum ReportRankedText {
    /// The characters of a report kept as they are.
    public static let fullLimit = 200_000
    /// The most characters of further words, each once (about 35,000 words; with the first
    /// part, a `tsvector` stays near half its limit).
    public static let tailLimit = 300_000
    /// Separates the text kept from the further words: a paragraph separator, which both
    /// databases' word splitters read as a space.
    public static let tailMark: Character = "\u{2029}"

    /// What `text` (pages separated by form feeds) is ranked by: its first ``fullLimit``
    /// characters with form feeds and paragraph separators turned into line breaks, then, when
    /// the text is longer, ``tailMark`` and each word of the rest that the first part does not
    /// hold (letters and digits, compared without case), once each, in the order they first
    /// occur, up to ``tailLimit`` characters.
    public static func of(_ text: String) -> String {
        let cut = text.index(text.startIndex, offsetBy: fullLimit, limitedBy: text.endIndex) ?? text.endIndex
        let kept = String(text[..<cut].map { $0 == "\u{0C}" || $0 == tailMark ? "\n" : $0 })
        guard cut < text.endIndex else { return kept }
        var seen = Set(words(in: kept[...]).map(folded))
        var tail = ""
        for word in words(in: text[cut...]) where seen.insert(folded(word)).inserted {
            guard tail.count + word.count + 1 <= tailLimit else { break }
            tail += tail.isEmpty ? word : " " + word
        }
        return tail.isEmpty ? kept : kept + "\n" + String(tailMark) + "\n" + tail
    }

    /// The text kept as it is of a ranked text (what ``of(_:)`` made), without the further words.
    public static func keptPart(of ranked: String) -> Substring {
        ranked.firstIndex(of: tailMark).map { ranked[..<$0].dropLast() } ?? ranked[...]
    }

    private static func folded(_ word: Substring) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The runs of letters and digits in `text`.
    static func words(in text: Substring) -> [Substring] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    }
}
