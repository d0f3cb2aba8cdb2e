/// Where words may be broken at the end of a line, by Frank Liang's patterns (TeX's, as
/// LibreOffice's hyphenation dictionaries ship them: Debian's `hyphen-de`, `hyphen-fr`,
/// `hyphen-en-us`). Browsers hyphenate a text in its language with `hyphens: auto` when they have
/// a dictionary for it; where they have none (Chromium on Linux) a long German word breaks
/// anywhere or overflows, so titles carry soft hyphens (U+00AD) at these points instead: invisible
/// unless a line breaks there.
public struct Hyphenation: Sendable {
    /// Each pattern's letters and the value before, between and after them.
    private let patterns: [String: [UInt8]]
    private let longestPattern: Int
    /// Letters a break leaves at least before and after it.
    public let leftMinimum: Int
    public let rightMinimum: Int

    /// The patterns of a dictionary in libhyphen's format, read as text: a first line naming its
    /// encoding, `%` and `#` comments, `LEFTHYPHENMIN n` and `RIGHTHYPHENMIN n`, other keywords
    /// (`NEXTLEVEL`, `COMPOUND…`: the levels are read as one), and one pattern a line such as
    /// `.ab1c` or `2ck`. Patterns of the non-standard kind (`c1k/k=,1,2`) are left out.
    public init(dictionary: String) {
        var patterns: [String: [UInt8]] = [:]
        var longest = 0
        var left = 2, right = 2
        for (index, line) in dictionary.split(whereSeparator: \.isNewline).enumerated() {
            let line = line.trimmingCharacters(in: .whitespaces)
            guard index > 0, !line.isEmpty, !line.hasPrefix("%"), !line.hasPrefix("#"), !line.contains("/") else { continue }
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Int(parts[1]) {
                if parts[0] == "LEFTHYPHENMIN" { left = value }
                if parts[0] == "RIGHTHYPHENMIN" { right = value }
                continue
            }
            guard parts.count == 1, line.contains(where: \.isLetter), line.first?.isUppercase != true || line.contains(where: \.isNumber)
            else { continue }
            var letters = ""
            var values: [UInt8] = [0]
            for character in line {
                if let digit = character.wholeNumberValue, character.isASCII {
                    values[values.count - 1] = UInt8(digit)
                } else {
                    letters.append(Character(character.lowercased()))
                    values.append(0)
                }
            }
            guard !letters.isEmpty else { continue }
            if let known = patterns[letters] {
                values = zip(known, values).map { max($0, $1) }
            }
            patterns[letters] = values
            longest = max(longest, letters.count)
        }
        self.patterns = patterns
        longestPattern = longest
        leftMinimum = max(left, 1)
        rightMinimum = max(right, 1)
    }

    /// Whether it read any pattern.
    public var isEmpty: Bool { patterns.isEmpty }

    /// The places in `word` (its letters) where it may be broken: after that many characters,
    /// in order, none closer than ``leftMinimum`` to its start or ``rightMinimum`` to its end.
    public func breaks(in word: String) -> [Int] {
        let letters = Array(word.lowercased())
        guard letters.count >= leftMinimum + rightMinimum, letters.count == word.count else { return [] }
        let framed: [Character] = ["."] + letters + ["."]
        var values = [UInt8](repeating: 0, count: framed.count + 1)
        for start in framed.indices {
            var key = ""
            for end in start..<min(start + longestPattern, framed.count) {
                key.append(framed[end])
                guard let found = patterns[key] else { continue }
                for (offset, value) in found.enumerated() where value > values[start + offset] {
                    values[start + offset] = value
                }
            }
        }
        // values[i + 1] is the value between letters[i - 1] and letters[i].
        return (leftMinimum...(letters.count - rightMinimum)).filter { values[$0 + 1] % 2 == 1 }
    }

    /// `text` with a soft hyphen at each place a word of at least `minimumLength` letters may
    /// be broken (``breaks(in:)``); shorter words, digits and everything else stay as they are.
    public func hyphenated(_ text: String, minimumLength: Int = 8) -> String {
        guard !patterns.isEmpty else { return text }
        var result = ""
        var word = ""
        func flush() {
            if word.count >= minimumLength {
                var last = word.startIndex
                for place in breaks(in: word) {
                    let index = word.index(word.startIndex, offsetBy: place)
                    result += word[last..<index] + "\u{AD}"
                    last = index
                }
                result += word[last...]
            } else {
                result += word
            }
            word = ""
        }
        for character in text {
            if character.isLetter {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}
