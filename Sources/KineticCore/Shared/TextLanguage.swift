import Foundation

/// The language a text is written in, as a BCP 47 tag (`de`, `en`, `pt-BR`): named by whoever
/// wrote it (``tag(_:)`` checks what they wrote) or told from the text itself
/// (``detected(in:)``), so that pages mark it (`lang`) and browsers hyphenate, screen readers
/// pronounce and OCR reads it by that language's rules.
public enum TextLanguage {
    /// The languages ``detected(in:)`` tells apart, each by its twenty most common words: the
    /// little words every text of some length is full of, whatever it is about.
    static let commonWords: [String: Set<String>] = [
        "en": [
            "the", "and", "of", "to", "is", "in", "that", "it", "for", "with", "as", "are", "this", "on", "be", "by", "or", "not",
            "which", "you",
        ],
        "de": [
            "der", "die", "und", "das", "ist", "nicht", "den", "mit", "ein", "eine", "zu", "sich", "auf", "für", "von", "dem", "des",
            "im", "auch", "wird",
        ],
        "fr": [
            "le", "la", "les", "et", "des", "est", "une", "un", "du", "que", "dans", "pour", "qui", "pas", "sur", "au", "avec", "ce",
            "il", "sont",
        ],
        "es": [
            "el", "la", "los", "las", "y", "de", "que", "en", "un", "una", "es", "por", "con", "para", "del", "se", "no", "su", "al",
            "como",
        ],
        "it": [
            "il", "la", "di", "che", "e", "è", "un", "una", "per", "non", "del", "della", "con", "sono", "le", "gli", "si", "da", "nel",
            "alla",
        ],
        "nl": [
            "de", "het", "een", "en", "van", "is", "dat", "niet", "op", "te", "met", "voor", "zijn", "die", "er", "aan", "ook", "worden",
            "wordt", "bij",
        ],
        "da": [
            "og", "er", "det", "at", "en", "til", "på", "af", "med", "den", "for", "som", "ikke", "der", "har", "de", "et", "kan", "vil",
            "fra",
        ],
        "sv": [
            "och", "är", "det", "att", "en", "som", "på", "av", "för", "med", "den", "inte", "har", "till", "de", "ett", "om", "kan",
            "jag", "från",
        ],
        "pt": [
            "o", "a", "os", "as", "e", "de", "que", "em", "um", "uma", "é", "do", "da", "para", "com", "não", "por", "se", "no", "na",
        ],
    ]

    /// The Tesseract model (OCR's language data, Debian's `tesseract-ocr-*`) of each language
    /// ``detected(in:)`` tells apart.
    static let tesseractModels = [
        "en": "eng", "de": "deu", "fr": "fra", "es": "spa", "it": "ita", "nl": "nld", "da": "dan", "sv": "swe", "pt": "por",
    ]

    /// The Tesseract model that reads `tag`'s language (`deu` for `de-CH`); nil for another.
    public static func tesseractModel(of tag: String) -> String? {
        tag.split(separator: "-").first.flatMap { tesseractModels[$0.lowercased()] }
    }

    /// How many words of a text are read to tell its language.
    public static let wordsRead = 5_000
    /// How many common words a text needs before its language is told: a title alone is too short.
    public static let commonWordsNeeded = 12

    /// The language of `text`, or nil when it is too short or not clearly one of
    /// ``commonWords``' languages: among its first ``wordsRead`` words, the language whose
    /// common words occur most, when they occur at least ``commonWordsNeeded`` times and half
    /// as often again as the next language's.
    public static func detected(in text: String) -> String? {
        var counts: [String: Int] = [:]
        var read = 0
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
            read += 1
            if read > wordsRead { break }
            guard word.count <= 6 else { continue }
            let word = String(word)
            for (language, words) in commonWords where words.contains(word) { counts[language, default: 0] += 1 }
        }
        let ranked = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        guard let best = ranked.first, best.value >= commonWordsNeeded else { return nil }
        let runnerUp = ranked.dropFirst().first?.value ?? 0
        return best.value * 2 >= runnerUp * 3 ? best.key : nil
    }

    /// `written` as a language tag: a language of two or three letters, then optional
    /// subtags of two to eight letters or digits (`de`, `de-CH`, `zh-Hant-TW`), lower-casing
    /// the language and upper-casing a two-letter region; nil when it is not one.
    public static func tag(_ written: String) -> String? {
        let parts = written.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.dropFirst().allSatisfy({ (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }),
            parts.count <= 4
        else { return nil }
        let rest = parts.dropFirst().map { $0.count == 2 ? $0.uppercased() : String($0) }
        return ([language.lowercased()] + rest).joined(separator: "-")
    }

    /// The language most of `languages` are in (nil ones left out), the first in order on a
    /// tie; nil when none is given.
    public static func mostCommon(_ languages: [String?]) -> String? {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for language in languages.compactMap({ $0 }) {
            if counts[language] == nil { order.append(language) }
            counts[language, default: 0] += 1
        }
        // `max(by:)` keeps the first of equals.
        return order.max { counts[$0, default: 0] < counts[$1, default: 0] }
    }
}
