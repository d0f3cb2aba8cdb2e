/// Makes pseudo-localized strings for layout testing: accented letters, about 40 % longer,
/// wrapped in brackets, with format placeholders (`%@`, `%1$@`, `%lld`) left intact.
public enum PseudoLocalizer {
    private static let accents: [Character: Character] = [
        "a": "á", "b": "ƀ", "c": "ç", "d": "đ", "e": "é", "g": "ĝ", "h": "ĥ", "i": "í", "j": "ĵ",
        "k": "ķ", "l": "ĺ", "n": "ñ", "o": "ó", "r": "ŕ", "s": "š", "t": "ţ", "u": "ú", "w": "ŵ",
        "y": "ý", "z": "ž", "A": "Á", "C": "Ç", "D": "Đ", "E": "É", "G": "Ĝ", "H": "Ĥ", "I": "Í",
        "J": "Ĵ", "K": "Ķ", "L": "Ĺ", "N": "Ñ", "O": "Ó", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Ú",
        "W": "Ŵ", "Y": "Ý", "Z": "Ž",
    ]

    /// How much longer a pseudo-localized string is than its source, before the brackets.
    public static let expansion = 0.4

    /// The pseudo-localized form of `source`.
    public static func pseudoLocalize(_ source: String) -> String {
        var output = ""
        var letters = 0
        var index = source.startIndex
        while index < source.endIndex {
            if let placeholderEnd = placeholderEnd(in: source, from: index) {
                output += source[index..<placeholderEnd]
                index = placeholderEnd
                continue
            }
            let character = source[index]
            if character.isLetter { letters += 1 }
            output.append(accents[character] ?? character)
            index = source.index(after: index)
        }
        let padding = max(1, Int((Double(letters) * expansion).rounded()))
        return "[" + output + " " + String(repeating: "~", count: padding) + "]"
    }

    /// The end of a `%…` format placeholder starting at `start`, if one starts there.
    private static func placeholderEnd(in string: String, from start: String.Index) -> String.Index? {
        guard string[start] == "%" else { return nil }
        var index = string.index(after: start)
        while index < string.endIndex, string[index].isNumber || string[index] == "$" || string[index] == "l" {
            index = string.index(after: index)
        }
        guard index < string.endIndex, "@dfu%".contains(string[index]) else { return nil }
        return string.index(after: index)
    }
}
