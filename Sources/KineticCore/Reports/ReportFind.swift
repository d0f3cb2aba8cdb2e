import Foundation

/// Find in a report, as its reader finds: what someone typed into the reader's find field (a
/// search result passes its words, corrections and spellings there) read as terms, each
/// "quoted phrase" whole and each other word alone, and the places in a page's text where a
/// term begins a word.
///
/// Words are runs of letters, digits and their marks, and compare by their ``SpellingKey``, so
/// case, accents and the ways a keyboard writes ß, ä, ö, ü, æ, ø and å do not matter, inside a
/// phrase too: "strasse" finds "Straße", "groesse" finds "Größe", "aeroeskoebing" finds
/// "Ærøskøbing", "eleve" finds "élève". The last word of a term may begin a longer word ("eleve"
/// finds "élèves"), as search finds words by their start; a phrase's other words match whole.
///
/// The reader's script (`Public/js/reports/find.js`) marks the same places on a drawn page; a
/// test runs both on the same texts.
public struct ReportFind: Equatable, Sendable {
    /// Each term as the spelling keys of its words, in the order typed, each once.
    public let terms: [[String]]

    /// The most terms kept; the rest are ignored.
    public static let termLimit = 16
    /// The most words a phrase keeps.
    public static let phraseLimit = 16
    /// The longest word kept (in Unicode scalars, as the script counts).
    public static let wordLength = 64

    /// The terms of `text`, or nil when it names nothing to find.
    public init?(_ text: String) {
        var terms: [[String]] = []
        func add(_ words: [Substring]) {
            let keys = words.prefix(Self.phraseLimit).map { word in
                SpellingKey.of(String(String.UnicodeScalarView(word.unicodeScalars.prefix(Self.wordLength))))
            }.filter { !$0.isEmpty }
            if !keys.isEmpty, !terms.contains(keys), terms.count < Self.termLimit { terms.append(keys) }
        }
        let (phrases, rest) = Self.quotedPhrases(in: text)
        for phrase in phrases { add(Self.wordRanges(in: phrase).map { phrase[$0] }) }
        for range in Self.wordRanges(in: rest[...]) { add([rest[range]]) }
        guard !terms.isEmpty else { return nil }
        self.terms = terms
    }

    /// Where the terms are in `text`: each from the start of its first word to the end of its
    /// last, sorted, overlapping places made one.
    public func matches(in text: String) -> [Range<String.Index>] {
        let ranges = Self.wordRanges(in: text[...])
        // Keys are made only for words that could begin a term: a plain letter is its own key's
        // first letter, so most words of a long book are passed over without one.
        var keys = [String?](repeating: nil, count: ranges.count)
        func key(_ index: Int) -> String {
            if let known = keys[index] { return known }
            let made = SpellingKey.of(String(text[ranges[index]]))
            keys[index] = made
            return made
        }
        let firstLetters = Set(terms.compactMap { $0.first?.unicodeScalars.first })
        var found: [Range<String.Index>] = []
        for start in ranges.indices {
            let first = text.unicodeScalars[ranges[start].lowerBound]
            if first.isASCII, !firstLetters.contains(Unicode.Scalar(UInt8(ascii: first).lowercasedASCII)) { continue }
            for term in terms where start + term.count <= ranges.count {
                let last = start + term.count - 1
                let matches = term.indices.allSatisfy { offset in
                    offset == term.count - 1 ? key(start + offset).hasPrefix(term[offset]) : key(start + offset) == term[offset]
                }
                if matches {
                    found.append(ranges[start].lowerBound..<ranges[last].upperBound)
                    break
                }
            }
        }
        var merged: [Range<String.Index>] = []
        for range in found {
            if let previous = merged.last, range.lowerBound < previous.upperBound {
                merged[merged.count - 1] = previous.lowerBound..<max(previous.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// One place found, with the words around it as a list of hits shows them.
    public struct Hit: Equatable, Sendable, Codable {
        public let page: Int
        /// Up to ``contextLength`` characters before it, from a word's start, "…" first when cut.
        public let before: String
        public let match: String
        /// Up to ``contextLength`` characters after it, to a word's end, "…" last when cut.
        public let after: String

        public init(page: Int, before: String, match: String, after: String) {
            self.page = page
            self.before = before
            self.match = match
            self.after = after
        }
    }

    /// How much text a hit shows on each side.
    public static let contextLength = 40

    /// The places found on page `page`, whose text is `text`, each with its surroundings; runs
    /// of spaces and line breaks read as one space.
    public func hits(onPage page: Int, text: String) -> [Hit] {
        let reach = Self.contextLength * 3
        return matches(in: text).map { range in
            let from = text.index(range.lowerBound, offsetBy: -reach, limitedBy: text.startIndex) ?? text.startIndex
            let to = text.index(range.upperBound, offsetBy: reach, limitedBy: text.endIndex) ?? text.endIndex
            let before = Self.flattened(text[from..<range.lowerBound])
            let after = Self.flattened(text[range.upperBound..<to])
            return Hit(
                page: page, before: Self.cutBefore(before, wholeFromStart: from == text.startIndex), match: Self.flattened(text[range]),
                after: Self.cutAfter(after, wholeToEnd: to == text.endIndex))
        }
    }

    /// The places found in `pages` (page number and text, in order): `limit` of them with their
    /// surroundings, from the one after the first `skipping` (a list read on in batches), and
    /// how many there are in all (the rest only counted, so a word on every line of a long book
    /// costs no more memory than `limit` hits).
    public func listing(_ pages: [(page: Int, text: String)], limit: Int, skipping: Int = 0) -> (hits: [Hit], count: Int) {
        var hits: [Hit] = []
        var count = 0
        for (page, text) in pages {
            if hits.count < limit {
                let places = matches(in: text).count
                let skipped = min(max(skipping - count, 0), places)
                if skipped < places { hits += self.hits(onPage: page, text: text).dropFirst(skipped).prefix(limit - hits.count) }
                count += places
            } else {
                count += matches(in: text).count
            }
        }
        return (hits, count)
    }

    // MARK: Reading

    /// Whether `scalar` belongs to a word: a letter, a digit or a mark on one (Unicode's L, N, M).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber,
            .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            true
        default: false
        }
    }

    /// Where the words of `text` are.
    static func wordRanges(in text: Substring) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let inWord = isWordScalar(scalars[index])
            if inWord, start == nil { start = index }
            if !inWord, let first = start {
                ranges.append(first..<index)
                start = nil
            }
            index = scalars.index(after: index)
        }
        if let first = start { ranges.append(first..<scalars.endIndex) }
        return ranges
    }

    /// The parts of `text` between quotes (", “, „ or ” to open; ", “ or ” to close), and the
    /// rest with them taken out.
    static func quotedPhrases(in text: String) -> (phrases: [Substring], rest: String) {
        let opening: Set<Character> = ["\"", "“", "„", "”"]
        let closing: Set<Character> = ["\"", "“", "”"]
        var phrases: [Substring] = []
        var rest = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if opening.contains(character), let end = text[text.index(after: index)...].firstIndex(where: { closing.contains($0) }),
                end > text.index(after: index)
            {
                phrases.append(text[text.index(after: index)..<end])
                rest.append(" ")
                index = text.index(after: end)
            } else {
                rest.append(character)
                index = text.index(after: index)
            }
        }
        return (phrases, rest)
    }

    /// `text` with each run of white space as one space, kept at either end.
    static func flattened(_ text: Substring) -> String {
        var words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !words.isEmpty else { return text.isEmpty ? "" : " " }
        if text.first?.isWhitespace == true { words = " " + words }
        if text.last?.isWhitespace == true { words += " " }
        return words
    }

    /// The last ``contextLength`` characters of `text`, from a word's start, "…" first when cut.
    static func cutBefore(_ text: String, wholeFromStart: Bool) -> String {
        let kept = text.suffix(contextLength)
        if kept.count == text.count, wholeFromStart { return text.drop(while: \.isWhitespace).description }
        let fromWord = kept.firstIndex(of: " ").map { kept[kept.index(after: $0)...] } ?? kept
        return "…" + fromWord
    }

    /// The first ``contextLength`` characters of `text`, to a word's end, "…" last when cut.
    static func cutAfter(_ text: String, wholeToEnd: Bool) -> String {
        let kept = text.prefix(contextLength)
        if kept.count == text.count, wholeToEnd { return String(text.reversed().drop(while: \.isWhitespace).reversed()) }
        let toWord = kept.lastIndex(of: " ").map { kept[..<$0] } ?? kept
        return toWord + "…"
    }
}

extension UInt8 {
    fileprivate init(ascii scalar: Unicode.Scalar) { self = UInt8(truncatingIfNeeded: scalar.value) }

    fileprivate var lowercasedASCII: UInt8 { (65...90).contains(self) ? self + 32 : self }
}
