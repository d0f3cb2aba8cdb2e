import Foundation

/// How a word is compared as people type it, whatever their keyboard: without case, accents
/// or width (``folded(_:)``), and with the letters a keyboard may lack spelled as it spells
/// them (``spelledPlainly(_:)``). "Größe", "groesse", "GROSSE" and "grösse" have one key, as do
/// "München" and "muenchen", "Ærøskøbing" and "aeroeskoebing", "élève" and "eleve". Wishes
/// and Reports search both compare words by it.
public enum SpellingKey {
    /// The key of one word: folded, then spelled plainly.
    public static func of(_ word: String) -> String { spelledPlainly(folded(word)) }

    /// A folded word with each letter spelled as a keyboard without it spells it, and those
    /// spellings as the plain letter, so that every way of writing the word compares equal:
    /// "ae", "oe" and "ue" (German's ä, ö and ü without umlauts) as "a", "o", "u", so "muenchen"
    /// and "München" (folded "munchen") both become "munchen"; Danish and Norwegian "aa" (å) as
    /// "a"; æ, ø, œ as "a", "o", "o"; ł, đ, ð, þ as "l", "d", "d", "th". ß has become "ss" in the
    /// folding already. Words that merely contain those pairs ("blue", "poet") change the same way
    /// on both sides, so they still find each other.
    public static func spelledPlainly(_ word: String) -> String {
        var plain = String.UnicodeScalarView()
        // The letter a pair would begin: the second letter of ae, oe, ue or aa after it is dropped.
        var pairStart: Unicode.Scalar?
        for letter in word.unicodeScalars {
            let spelled: String.UnicodeScalarView =
                switch letter {
                case "æ": "a".unicodeScalars
                case "ø", "œ": "o".unicodeScalars
                case "ł": "l".unicodeScalars
                case "đ", "ð": "d".unicodeScalars
                case "þ": "th".unicodeScalars
                default: String.UnicodeScalarView([letter])
                }
            for scalar in spelled {
                if let first = pairStart, scalar == "e" && "aou".unicodeScalars.contains(first) || scalar == "a" && first == "a" {
                    pairStart = nil
                    continue
                }
                plain.append(scalar)
                pairStart = scalar
            }
        }
        return String(plain)
    }

    /// `text` as searches compare it: lower case, without diacritics, full-width forms narrowed.
    public static func folded(_ text: String) -> String {
        // Plain ASCII only changes case (and most words are: this keeps find in a long book quick).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    }
}
