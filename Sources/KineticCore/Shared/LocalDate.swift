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
        guard let fields = asciiNumberFields(text, separator: "-", lengths: [4...4, 2...2, 2...2]) else { return nil }
        self.init(year: fields[0], month: fields[1], day: fields[2])
    }

    /// The date of an instant in a time zone: the zone's offset at that instant, then day
    /// arithmetic (``init(daysSince1970:)``), with no Calendar.
    public init(containing date: Date, in timeZone: TimeZone) {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        self.init(daysSince1970: Int((local / 86_400).rounded(.down)))
    }

    /// `yyyy-MM-dd`.
    public var description: String {
        String(zeroPadded: year, width: 4) + "-" + String(zeroPadded: month, width: 2) + "-" + String(zeroPadded: day, width: 2)
    }

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
