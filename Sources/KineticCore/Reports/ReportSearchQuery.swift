import Foundation

/// What someone typed into report search, read the way PostgreSQL's `websearch_to_tsquery`
/// reads it — words all required, `"a phrase"` in order, `or` between alternatives, `-word`
/// excluded — and written back out for each database, so user input never reaches a full-text
/// `MATCH` or `tsquery` as it was typed. Words are runs of letters and digits, lower-cased;
/// anything else only separates them.
public struct ReportSearchQuery: Equatable, Sendable {
    /// One word, or a phrase of several in order.
    public typealias Term = [String]

    /// Every group must match; a group matches when one of its alternatives does.
    public let required: [[Term]]
    /// No match may contain these.
    public let excluded: [Term]

    /// The most words a query keeps; the rest are ignored.
    public static let wordLimit = 16
    /// The longest word kept.
    public static let wordLength = 64

    /// The query in `text`, or nil when it names nothing to look for (only spaces and
    /// punctuation, or only exclusions).
    public init?(_ text: String) {
        var required: [[Term]] = []
        var excluded: [Term] = []
        var words = 0
        var joinNextAsAlternative = false
        for token in Self.tokens(Substring(text)) {
            if token.isOr, !required.isEmpty {
                joinNextAsAlternative = true
                continue
            }
            let term = token.words.prefix(Self.wordLimit - words).map { String($0.prefix(Self.wordLength)) }
            guard !term.isEmpty else { continue }
            words += term.count
            if token.isExcluded {
                excluded.append(term)
            } else if joinNextAsAlternative {
                required[required.count - 1].append(term)
            } else {
                required.append([term])
            }
            joinNextAsAlternative = false
            if words == Self.wordLimit { break }
        }
        guard !required.isEmpty else { return nil }
        self.required = required
        self.excluded = excluded
    }

    /// The words a misspelling may hide in: single words (not phrases) that are required and
    /// ``ReportSpelling/isCorrectable(_:)``, each once, at most ``ReportSpelling/wordsCorrected``.
    public var correctableWords: [String] {
        Array(requiredSingleWords(where: ReportSpelling.isCorrectable).prefix(ReportSpelling.wordsCorrected))
    }

    /// The required single words (not phrases), in order, each once.
    public var singleWords: [String] { requiredSingleWords(where: { _ in true }) }

    /// The required single words that also match as prefixes (``matchesAsPrefix(_:)``), in
    /// order, each once.
    public var prefixWords: [String] { requiredSingleWords(where: Self.matchesAsPrefix) }

    /// The required single words (not phrases) for which `isIncluded` holds, in order, each once.
    private func requiredSingleWords(where isIncluded: (String) -> Bool) -> [String] {
        var words: [String] = []
        for term in required.joined() where term.count == 1 && isIncluded(term[0]) && !words.contains(term[0]) {
            words.append(term[0])
        }
        return words
    }

    /// Whether `word` also finds words it starts ("interpol" finds "interpolation"): a required
    /// single word of at least ``prefixLength`` characters with a letter in it.
    public static func matchesAsPrefix(_ word: String) -> Bool {
        word.count >= prefixLength && word.contains(where: \.isLetter)
    }

    /// The shortest word that also matches longer words starting with it.
    public static let prefixLength = 3

    /// Whether it looks for a phrase (excluded phrases aside).
    public var hasPhrase: Bool { required.joined().contains { $0.count > 1 } }

    /// An SQLite FTS5 query: every word in double quotes (so no word is read as an operator
    /// or a column filter), groups joined by AND, alternatives by OR, exclusions by NOT. A
    /// required single word matches as a prefix too, and as any of its `corrections`.
    /// `phrasesAsWords` asks for a required phrase's words in any order and place, for text that
    /// keeps words but not their order (the rest of a long report, ``ReportRankedText``).
    /// `wordsOfPrefixes` gives the indexed words a prefix stands for: a word given some is looked
    /// for as any of them (`"ab" OR "abc"`) instead of as a prefix (`"ab"*`), which finds the
    /// same rows of an index holding no other word that starts with it.
    public func fts5Expression(
        corrections: [String: [String]] = [:], phrasesAsWords: Bool = false, wordsOfPrefixes: [String: [String]] = [:]
    ) -> String {
        func quoted(_ term: Term) -> String { "\"" + term.joined(separator: " ").replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        func alternatives(_ term: Term) -> [String] {
            guard term.count == 1 else {
                return [phrasesAsWords ? "(" + term.map { quoted([$0]) }.joined(separator: " AND ") + ")" : quoted(term)]
            }
            let word = term[0]
            let asTyped =
                if !Self.matchesAsPrefix(word) {
                    [quoted(term)]
                } else if let words = wordsOfPrefixes[word], !words.isEmpty {
                    words.map { quoted([$0]) }
                } else {
                    [quoted(term) + "*"]
                }
            return asTyped + (corrections[word] ?? []).map { quoted([$0]) }
        }
        let groups = required.map { group in
            let all = group.flatMap(alternatives)
            return all.count == 1 ? all[0] : "(" + all.joined(separator: " OR ") + ")"
        }
        return ([groups.joined(separator: " AND ")] + excluded.map(quoted)).joined(separator: " NOT ")
    }

    /// The same query for PostgreSQL's `to_tsquery`: every word a quoted lexeme (our words hold
    /// only letters and digits, so none can break out of its quotes), phrases joined by `<->`,
    /// groups by `&`, alternatives by `|`, exclusions by `& !`; prefixes as `:*`. With
    /// `phrasesAsWords`, a required phrase's words joined by `&`.
    public func tsquery(corrections: [String: [String]] = [:], phrasesAsWords: Bool = false) -> String {
        func lexeme(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "''") + "'" }
        func phrase(_ term: Term, joinedBy separator: String = " <-> ") -> String {
            term.count == 1 ? lexeme(term[0]) : "(" + term.map(lexeme).joined(separator: separator) + ")"
        }
        func alternatives(_ term: Term) -> [String] {
            guard term.count == 1 else { return [phrase(term, joinedBy: phrasesAsWords ? " & " : " <-> ")] }
            let word = term[0]
            return [Self.matchesAsPrefix(word) ? lexeme(word) + ":*" : lexeme(word)] + (corrections[word] ?? []).map(lexeme)
        }
        let groups = required.map { group in
            let all = group.flatMap(alternatives)
            return all.count == 1 ? all[0] : "(" + all.joined(separator: " | ") + ")"
        }
        return (groups + excluded.map { "!" + phrase($0) }).joined(separator: " & ")
    }

    /// Every word it looks for, in order, each once: what a reader highlights.
    public var highlightedWords: [String] {
        var words: [String] = []
        for word in required.joined().joined() where !words.contains(word) { words.append(word) }
        return words
    }

    /// What a reader opened at a hit is asked to find (its find field, where quotes keep a
    /// phrase whole): each word and phrase looked for, once, in order, a phrase in quotes, and
    /// after a word the other words it also found (`alternatives`: corrections, spellings).
    public func readerFind(alternatives: [String: [String]] = [:]) -> String {
        var terms: [String] = []
        for term in required.joined() {
            let found = term.count == 1 ? [term[0]] + (alternatives[term[0]] ?? []) : ["\"" + term.joined(separator: " ") + "\""]
            for text in found where !terms.contains(text) { terms.append(text) }
        }
        return terms.joined(separator: " ")
    }

    private struct Token {
        var words: [Substring]
        var isExcluded = false
        var isOr = false
    }

    /// Splits on spaces outside quotes; a quoted part is one token (a phrase).
    private static func tokens(_ text: Substring) -> [Token] {
        var tokens: [Token] = []
        var rest = text[...]
        while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            rest = rest[start...]
            var isExcluded = false
            if rest.first == "-" {
                isExcluded = true
                rest = rest.dropFirst()
            }
            let chunk: Substring
            if rest.first == "\"" {
                let body = rest.dropFirst()
                let end = body.firstIndex(of: "\"") ?? body.endIndex
                chunk = body[..<end]
                rest = end == body.endIndex ? body[end...] : body[body.index(after: end)...]
            } else {
                let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
                chunk = rest[..<end]
                rest = rest[end...]
            }
            let words = words(in: chunk)
            tokens.append(Token(words: words, isExcluded: isExcluded && !words.isEmpty, isOr: !isExcluded && chunk.lowercased() == "or"))
        }
        return tokens
    }

    private static func words(in text: Substring) -> [Substring] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map { Substring($0) }
    }
}
