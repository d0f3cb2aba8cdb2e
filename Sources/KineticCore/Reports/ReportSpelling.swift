/// Typo tolerance for report search: a word that is in no report, not even as the start of a
/// word, is looked up again as every word one edit away from it (a letter left out, added,
/// changed, or two neighbours swapped: Damerau's four edits), so "gnuplt" finds "gnuplot".
/// The library's vocabulary answers which of those variants exist.
public enum ReportSpelling {
    /// Shorter words are not corrected: one edit turns them into too many others.
    public static let shortestCorrected = 4
    /// The most words of one query corrected.
    public static let wordsCorrected = 6
    /// The most corrections kept for one word.
    public static let correctionsPerWord = 8

    /// Whether `word` is worth correcting: long enough and with a letter in it (numbers are
    /// looked up as typed).
    public static func isCorrectable(_ word: String) -> Bool {
        word.count >= shortestCorrected && word.contains(where: \.isLetter)
    }

    /// The letters an edit may add or change in `word`: a–z, 0–9, the German letters and the
    /// word's own.
    public static func alphabet(for word: String) -> [Character] {
        var letters = Array("abcdefghijklmnopqrstuvwxyz0123456789äöüß")
        for character in word where !letters.contains(character) { letters.append(character) }
        return letters
    }

    /// Every word one edit away from `word`, without `word` itself.
    public static func variants(of word: String) -> Set<String> {
        let characters = Array(word)
        let alphabet = alphabet(for: word)
        var variants: Set<String> = []
        for index in 0...characters.count {
            let head = characters[..<index]
            let tail = characters[index...]
            if !tail.isEmpty {
                variants.insert(String(head + tail.dropFirst()))
                for letter in alphabet { variants.insert(String(head + [letter] + tail.dropFirst())) }
            }
            if tail.count > 1 {
                variants.insert(String(head + [tail[tail.startIndex + 1], tail[tail.startIndex]] + tail.dropFirst(2)))
            }
            for letter in alphabet { variants.insert(String(head + [letter] + tail)) }
        }
        variants.remove(word)
        return variants
    }
}
