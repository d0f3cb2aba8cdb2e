/// One element of the goals array (`GET /profile/{id}/goals`): a month's goals, progress and last session.
public struct MonthSummary: Equatable, Sendable {
    /// A goal and the progress towards it.
    public struct Progress: Equatable, Sendable {
        public let goal: Int
        public let currentProgress: Int

        public init(goal: Int, currentProgress: Int) {
            self.goal = goal
            self.currentProgress = currentProgress
        }
    }

    public let month: Month
    /// Present when the month has a jump goal.
    public let jump: Progress?
    /// Present when the month has a calorie goal above 0.
    public let calorie: Progress?
    /// The latest session of the month; nil when the user did not jump that month.
    public let lastSession: JumpSession?
    /// All jumps of the month, with or without a goal.
    public let totalJumps: Int
    /// All calories of the month (sessions without a figure count as 0).
    public let totalCalories: Int
}

/// The totals of one month's sessions.
public struct MonthTotals: Equatable, Sendable {
    public var jumps: Int
    public var calories: Int
    public var lastSession: JumpSession?

    public init(jumps: Int = 0, calories: Int = 0, lastSession: JumpSession? = nil) {
        self.jumps = jumps
        self.calories = calories
        self.lastSession = lastSession
    }

    /// Adds a session, keeping the latest one (by date, then end time) as the last session.
    public mutating func add(_ session: JumpSession) {
        jumps += session.numberOfJumps
        calories += session.numberOfCalories ?? 0
        if lastSession.map({ JumpSessionOrder.isLater(session, than: $0) }) ?? true { lastSession = session }
    }
}

/// Which of two sessions is later: by date, then end time, then start time.
public enum JumpSessionOrder {
    public static func isLater(_ lhs: JumpSession, than rhs: JumpSession) -> Bool {
        (lhs.date, lhs.endTime, lhs.startTime) > (rhs.date, rhs.endTime, rhs.startTime)
    }
}
