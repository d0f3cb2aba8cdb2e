extension Int {
    /// The value of text made of ASCII digits only (no sign, no spaces, at most 9 digits), so
    /// that `+202` or ` 12` are not read as numbers where a fixed format is expected.
    public init?<Text: StringProtocol>(asciiDigits text: Text) {
        guard !text.isEmpty, text.utf8.count <= 9 else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        self = value
    }
}

extension String {
    /// `value` in ASCII digits, zero-padded to `width` (`"0042"` for 42 and 4): the fixed-width
    /// fields of `yyyy-MM-dd` and `HH:mm`, without `String(format:)`, which is slow on Linux and
    /// sits on the goals endpoint's hot path. A negative value keeps its sign before the padding.
    public init(zeroPadded value: Int, width: Int) {
        self = zeroPaddedDigits(value, width: width)
    }
}

private func zeroPaddedDigits(_ value: Int, width: Int) -> String {
    let digits = String(value.magnitude)
    let padding = max(0, width - digits.utf8.count)
    return (value < 0 ? "-" : "") + String(repeating: "0", count: padding) + digits
}

/// The numbers of a fixed-format text such as `yyyy-MM-dd` or `H:mm`: parts split at
/// `separator`, each made of ASCII digits only, with as many digits as `lengths` allows for it,
/// and exactly `lengths.count` parts; nil otherwise. One pass over the bytes, no substrings
/// (it parses every date of the goals endpoint).
public func asciiNumberFields(_ text: String, separator: Character, lengths: [ClosedRange<Int>]) -> [Int]? {
    guard let separator = separator.asciiValue else { return nil }
    var fields: [Int] = []
    fields.reserveCapacity(lengths.count)
    var value = 0, digits = 0
    for byte in text.utf8 {
        if byte == separator {
            guard fields.count < lengths.count - 1, lengths[fields.count].contains(digits) else { return nil }
            fields.append(value)
            value = 0
            digits = 0
        } else {
            guard (48...57).contains(byte), digits < 9 else { return nil }
            value = value * 10 + Int(byte - 48)
            digits += 1
        }
    }
    guard fields.count == lengths.count - 1, lengths[fields.count].contains(digits) else { return nil }
    fields.append(value)
    return fields
}
