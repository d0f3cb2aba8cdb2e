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

    /// Reads the forms phones and address books write: `1996-04-15`, `19960415`, `--0415`,
    /// `--04-15`, a date-time whose date is one of those (`1996-04-15T00:00:00Z`, vCard 3), and
    /// a placeholder year (1604 or 0000, or the year an `X-APPLE-OMIT-YEAR` parameter names,
    /// given as `omittedYear`) taken as no year. Nil for anything else.
    public init?(parsing text: String, omittedYear: Int? = nil) {
        var date = Substring(text.trimmingCharacters(in: .whitespaces))
        if let time = date.firstIndex(of: "T") { date = date[..<time] }
        let yearless = date.hasPrefix("--")
        if yearless { date = date.dropFirst(2) }
        let digits = date.filter { $0 != "-" }
        let dashes = date.count - digits.count
        guard digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        let fields: (year: Int?, month: Int, day: Int)
        switch (yearless, digits.count, dashes) {
        case (true, 4, 0), (true, 4, 1):
            guard dashes == 0 || date.utf8.count == 5 && date.dropFirst(2).first == "-" else { return nil }
            fields = (nil, Int(digits.prefix(2))!, Int(digits.suffix(2))!)
        case (false, 8, 0), (false, 8, 2):
            guard dashes == 0 || asciiNumberFields(String(date), separator: "-", lengths: [4...4, 2...2, 2...2]) != nil else {
                return nil
            }
            let year = Int(digits.prefix(4))!
            let unknown = Self.placeholderYears.contains(year) || year == omittedYear
            fields = (unknown ? nil : year, Int(digits.dropFirst(4).prefix(2))!, Int(digits.suffix(2))!)
        default:
            return nil
        }
        self.init(month: fields.month, day: fields.day, year: fields.year)
    }

    /// `1996-04-15`, or `--04-15` without a year.
    public var description: String {
        (year.map { String(zeroPadded: $0, width: 4) } ?? "-") + "-" + String(zeroPadded: month, width: 2) + "-"
            + String(zeroPadded: day, width: 2)
    }

    /// The day it is kept in `year`: its own day, and 28 February for a 29 February birthday
    /// in a year without one (still in its month, and the day most calendars show it on).
    public func day(in year: Int) -> LocalDate {
        YearlyRecurrence.keptDay(month: month, day: day, in: year)
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
