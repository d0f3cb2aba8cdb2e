/// One visit to a trampoline park (the seed's `lastSession` / JumpSession).
public struct JumpSession: Equatable, Sendable {
    public var date: LocalDate
    public var numberOfJumps: Int
    /// Calories burned: reported by the park, or estimated (see ``CalorieEstimator``); nil when
    /// neither is possible.
    public var numberOfCalories: Int?
    public var parkName: String
    public var startTime: TimeOfDay
    public var endTime: TimeOfDay

    public init(date: LocalDate, numberOfJumps: Int, numberOfCalories: Int?, parkName: String, startTime: TimeOfDay, endTime: TimeOfDay) {
        self.date = date
        self.numberOfJumps = numberOfJumps
        self.numberOfCalories = numberOfCalories
        self.parkName = parkName
        self.startTime = startTime
        self.endTime = endTime
    }

    /// How long it lasted, in minutes. A session whose end is earlier in the day than its start
    /// went on past midnight (22:30–00:30 is two hours); it belongs to the date it started.
    public var minutes: Int { Self.minutes(from: startTime, to: endTime) }

    /// The minutes from `start` to `end`, past midnight when `end` is earlier in the day.
    public static func minutes(from start: TimeOfDay, to end: TimeOfDay) -> Int {
        (end.minutes - start.minutes + 24 * 60) % (24 * 60)
    }

    /// The most jumps one session may report (about 140 a minute for 12 hours).
    public static let maximumJumps = 100_000
    /// The longest a session may last, in minutes (12 hours).
    public static let maximumMinutes = 12 * 60
    /// The first date a session may have.
    public static let earliestDate = LocalDate(year: 2000, month: 1, day: 1)!
    /// The most calories one session may report.
    public static let maximumCalories = 20_000
    /// The longest park name accepted.
    public static let maximumParkNameLength = 80
}
