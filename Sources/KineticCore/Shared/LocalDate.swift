import Foundation

/// A calendar date without a time or time zone, written `yyyy-MM-dd`.
public struct LocalDate: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard let month = Month(year: year, month: month), (1...month.dayCount).contains(day) else { return nil }
        self.year = year
        self.month = month.month
        self.day = day
    }

    /// Parses `yyyy-MM-dd`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(asciiDigits: parts[0]), let month = Int(asciiDigits: parts[1]), let day = Int(asciiDigits: parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date of an instant in a time zone.
    public init(containing date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.year = parts.year!
        self.month = parts.month!
        self.day = parts.day!
    }

    /// `yyyy-MM-dd`.
    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    /// Midday of this date in `timeZone`, for formatting it with Foundation.
    public func noon(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected yyyy-MM-dd"))
        }
        self = date
    }
}
