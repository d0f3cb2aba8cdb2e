/// Apple Health's date format (`2021-01-01 10:00:00 -0800`) for callers holding a `String`.
public enum HealthDateText {
    /// Seconds since 1970 (UTC) and the UTC offset in seconds; nil when the text is not that format.
    public static func parse(_ text: String) -> (seconds: Double, offset: Int)? {
        HealthDate.parse(ArraySlice(text.utf8))
    }

    /// ``parse(_:)``, and the same date as an iPhone app writes it with the phone's own clock
    /// settings: a 12-hour clock (`2021-01-01 2:00:00 PM -0800`, its space before PM perhaps a
    /// no-break one) or an hour without its leading zero. Nil when it is none of these.
    public static func parseAsAppsWriteIt(_ text: String) -> (seconds: Double, offset: Int)? {
        if let exact = parse(text) { return exact }
        let parts = text.unicodeScalars.split { $0 == " " || $0 == "\u{00A0}" || $0 == "\u{202F}" }.map { String($0) }
        guard parts.count == 3 || parts.count == 4 else { return nil }
        let clock = parts[1].split(separator: ":")
        guard clock.count == 3, (1...2).contains(clock[0].count), let hour = Int(clock[0]) else { return nil }
        var hour24 = hour
        if parts.count == 4 {
            let half = parts[2].uppercased()
            guard (1...12).contains(hour), half == "AM" || half == "PM" else { return nil }
            hour24 = hour % 12 + (half == "PM" ? 12 : 0)
        }
        let padded = hour24 < 10 ? "0\(hour24)" : "\(hour24)"
        return parse("\(parts[0]) \(padded):\(clock[1]):\(clock[2]) \(parts[parts.count - 1])")
    }
}
