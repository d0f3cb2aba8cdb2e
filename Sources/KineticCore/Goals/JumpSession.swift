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

    /// The most jumps one session may report.
    public static let maximumJumps = 200_000
    /// The most calories one session may report.
    public static let maximumCalories = 20_000
    /// The longest park name accepted.
    public static let maximumParkNameLength = 80
}
