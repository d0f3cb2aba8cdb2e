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
