/// A birthday as people keep it: a month and a day, and the year when it is known.
///
/// Written `1996-04-15`, or `--04-15` without a year (the form of RFC 6350 §4.3.1). Reading
/// (``init(parsing:omittedYear:)``) takes the forms phones and address books write.
public struct Birthday: Hashable, Codable, Sendable, CustomStringConvertible {
    /// 1 to 12.
    public let month: Int
    public let day: Int
    public let year: Int?

    /// The earliest year Kinetic takes as someone's birth year: earlier ones are placeholders.
    public static let earliestYear = 1850
    /// The years address books write in place of an unknown one: Apple's 1604 and a zero year.
    public static let placeholderYears: Set<Int> = [0, 1604]

    /// A birthday on a day that exists: in that year when there is one, in a leap year when
    /// there is none (so 29 February without a year is a birthday).
    public init?(month: Int, day: Int, year: Int? = nil) {
        if let year {
            guard year >= Self.earliestYear, LocalDate(year: year, month: month, day: day) != nil else { return nil }
        } else {
            guard LocalDate(year: 2000, month: month, day: day) != nil else { return nil }
        }
        self.month = month
        self.day = day
        self.year = year
    }

    /// How a written birthday reads (``read(_:omittedYear:)``).
    public enum Reading: Equatable, Sendable {
        case birthday(Birthday)
        /// Empty, or the placeholder an address book writes for none (Outlook's `0/0/00`).
        case none
        /// A day, a month and a year, but no such day that year: 29 February 1990.
        case noSuchDay(year: Int)
        case unreadable
    }

    /// Reads the forms phones, address books and spreadsheets write:
    /// - `1996-04-15`, `19960415`, `--0415`, `--04-15`, a date-time whose date is one of those
    ///   (`1996-04-15T00:00:00Z`, vCard 3): Apple's, Google's and RFC 6350's;
    /// - `4/15/1996` (month first, as Outlook in English writes it; day first when the first
    ///   number cannot be a month, as in `15/4/1996`) and `15.4.1996` (Outlook in German), with
    ///   a year of two digits read as 1930 to 2029, and `15.4.` without one;
    /// - a placeholder year (1604 or 0000, or the year an `X-APPLE-OMIT-YEAR` parameter names,
    ///   given as `omittedYear`) taken as no year, and Outlook's `0/0/00` (`0.0.00`) as none.
    public static func read(_ text: String, omittedYear: Int? = nil) -> Reading {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .none }
        guard let fields = isoFields(trimmed) ?? spreadsheetFields(trimmed) else { return .unreadable }
        if fields.month == 0 && fields.day == 0 { return .none }
        let year = fields.year.flatMap { Self.placeholderYears.contains($0) || $0 == omittedYear ? nil : $0 }
        if let birthday = Birthday(month: fields.month, day: fields.day, year: year) { return .birthday(birthday) }
        if let year, year >= Self.earliestYear, Birthday(month: fields.month, day: fields.day) != nil { return .noSuchDay(year: year) }
        return .unreadable
    }

    /// ``read(_:omittedYear:)``'s birthday; nil for anything else.
    public init?(parsing text: String, omittedYear: Int? = nil) {
        guard case .birthday(let birthday) = Self.read(text, omittedYear: omittedYear) else { return nil }
        self = birthday
    }

    /// The fields of the ISO 8601 forms (RFC 6350 §4.3.1).
    private static func isoFields(_ text: String) -> (year: Int?, month: Int, day: Int)? {
        var date = Substring(text)
        if let time = date.firstIndex(of: "T") { date = date[..<time] }
        let yearless = date.hasPrefix("--")
        if yearless { date = date.dropFirst(2) }
        let digits = date.filter { $0 != "-" }
        let dashes = date.count - digits.count
        guard digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        switch (yearless, digits.count, dashes) {
        case (true, 4, 0), (true, 4, 1):
            guard dashes == 0 || date.utf8.count == 5 && date.dropFirst(2).first == "-" else { return nil }
            return (nil, Int(digits.prefix(2))!, Int(digits.suffix(2))!)
        case (false, 8, 0), (false, 8, 2):
            guard dashes == 0 || asciiNumberFields(String(date), separator: "-", lengths: [4...4, 2...2, 2...2]) != nil else {
                return nil
            }
            return (Int(digits.prefix(4))!, Int(digits.dropFirst(4).prefix(2))!, Int(digits.suffix(2))!)
        default:
            return nil
        }
    }

    /// The fields of `4/15/1996` (or `15/4/1996`) and `15.4.1996` (or `15.4.`).
    private static func spreadsheetFields(_ text: String) -> (year: Int?, month: Int, day: Int)? {
        let slashes = text.contains("/")
        let separator: Character = slashes ? "/" : "."
        var parts = text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        if !slashes, parts.count == 3, parts[2].isEmpty { parts.removeLast() }
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }) else {
            return nil
        }
        guard parts[0].utf8.count <= 2, parts[1].utf8.count <= 2, let first = Int(parts[0]), let second = Int(parts[1]) else {
            return nil
        }
        var year: Int?
        if parts.count == 3 {
            guard parts[2].utf8.count == 2 || parts[2].utf8.count == 4, let written = Int(parts[2]) else { return nil }
            year = parts[2].utf8.count == 4 ? written : written + (written < 30 ? 2000 : 1900)
        }
        guard slashes else { return (year, second, first) }
        // Month first, as Outlook writes it in English, unless the first cannot be a month.
        return first > 12 ? (year, second, first) : (year, first, second)
    }

    /// `1996-04-15`, or `--04-15` without a year.
    public var description: String {
        (year.map { String(zeroPadded: $0, width: 4) } ?? "-") + "-" + String(zeroPadded: month, width: 2) + "-"
            + String(zeroPadded: day, width: 2)
    }

    /// The day it is kept in `year`: its own day, and for a 29 February birthday in a year
    /// without one the day `leapDay` names (28 February unless said: still in its month, and the
    /// day most calendars show it on).
    public func day(in year: Int, leapDay: YearlyRecurrence.LeapDay = .february28) -> LocalDate {
        YearlyRecurrence.keptDay(month: month, day: day, in: year, leapDay: leapDay)
    }

    /// The first day it is kept on `date` or after.
    public func next(onOrAfter date: LocalDate) -> LocalDate {
        let this = day(in: date.year)
        return this >= date ? this : day(in: date.year + 1)
    }

    /// The age reached on the birthday kept in `year`, when the birth year is known and it is
    /// after it.
    public func age(in year: Int) -> Int? {
        guard let born = self.year, year > born else { return nil }
        return year - born
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let birthday = Birthday(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected yyyy-MM-dd or --MM-dd"))
        }
        self = birthday
    }
}
