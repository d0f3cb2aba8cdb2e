import KineticCore

/// Parses Apple Health's date format, `2021-01-01 10:00:00 -0800`, straight from bytes.
enum HealthDate {
    /// The widest UTC offset in use anywhere (Kiribati's +14:00); wider ones are refused.
    static let maximumOffsetMinutes = 14 * 60

    /// Seconds since 1970 (UTC) and the UTC offset in seconds; nil when the text is not that format.
    static func parse(_ bytes: ArraySlice<UInt8>) -> (seconds: Double, offset: Int)? {
        guard bytes.count >= 25 else { return nil }
        let base = bytes.startIndex
        func digits(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for index in base + from..<base + from + count {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes[base + 4] == 45, bytes[base + 7] == 45, bytes[base + 10] == 32, bytes[base + 13] == 58, bytes[base + 16] == 58,
            bytes[base + 19] == 32, let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
            let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
            hour < 24, minute < 60, second < 61,
            let date = LocalDate(year: year, month: month, day: day),
            let offsetHours = digits(21, 2), let offsetMinutes = digits(23, 2),
            offsetMinutes < 60, offsetHours * 60 + offsetMinutes <= maximumOffsetMinutes
        else { return nil }
        let sign: Int
        switch bytes[base + 20] {
        case 43: sign = 1
        case 45: sign = -1
        default: return nil
        }
        let offset = sign * (offsetHours * 3_600 + offsetMinutes * 60)
        let local = date.daysSince1970 * 86_400 + hour * 3_600 + minute * 60 + second
        return (Double(local - offset), offset)
    }
}
