import Foundation

/// A calendar month, e.g. 2015-05: the unit goals are set and tracked in.
public struct Month: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let year: Int
    /// 1 to 12.
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1...12).contains(month), (1...9999).contains(year) else { return nil }
        self.year = year
        self.month = month
    }

    /// Parses `yyyy-MM`.
    public init?(_ text: String) {
        guard let fields = asciiNumberFields(text, separator: "-", lengths: [4...4, 2...2]) else { return nil }
        self.init(year: fields[0], month: fields[1])
    }

    /// The month a local date falls in.
    public init(_ date: LocalDate) {
        self.year = date.year
        self.month = date.month
    }

    /// The month containing `date` in `timeZone`.
    public init(containing date: Date, in timeZone: TimeZone) {
        self.init(LocalDate(containing: date, in: timeZone))
    }

    /// `yyyy-MM`.
    public var description: String { String(zeroPadded: year, width: 4) + "-" + String(zeroPadded: month, width: 2) }

    public var next: Month { month == 12 ? Month(year: year + 1, month: 1)! : Month(year: year, month: month + 1)! }
    public var previous: Month { month == 1 ? Month(year: year - 1, month: 12)! : Month(year: year, month: month - 1)! }

    /// The number of days in the month.
    public var dayCount: Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Every month from `start` to `end`, both included; empty when `start` is later.
    public static func range(from start: Month, through end: Month) -> [Month] {
        var months: [Month] = []
        var current = start
        while current <= end {
            months.append(current)
            current = current.next
        }
        return months
    }

    public static func < (lhs: Month, rhs: Month) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let month = Month(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected yyyy-MM"))
        }
        self = month
    }
}
