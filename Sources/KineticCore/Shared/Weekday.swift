/// A day of the week, named as the API names it; `calendarNumber` is Foundation's (1 = Sunday).
public enum Weekday: String, CaseIterable, Sendable, Codable, Comparable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// 1 for Sunday through 7 for Saturday, as `Calendar` numbers weekdays.
    public var calendarNumber: Int { self == .sunday ? 1 : Self.allCases.firstIndex(of: self)! + 2 }

    public init?(calendarNumber: Int) {
        guard (1...7).contains(calendarNumber) else { return nil }
        self = calendarNumber == 1 ? .sunday : Self.allCases[calendarNumber - 2]
    }

    /// The weekday of `date` (1970-01-01 was a Thursday).
    public init(_ date: LocalDate) {
        let sinceThursday = ((date.daysSince1970 % 7) + 7) % 7
        self = Self.allCases[(sinceThursday + 3) % 7]
    }

    /// The days of a week starting on `first`.
    public static func week(startingOn first: Weekday) -> [Weekday] {
        let start = allCases.firstIndex(of: first)!
        return (0..<7).map { allCases[(start + $0) % 7] }
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
