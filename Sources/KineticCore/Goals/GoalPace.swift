/// The days a person does not plan to jump: weekly rest days, single days off and whole months
/// off. The pace spreads a month's goal over the other days ("jump days"), and the streak of
/// months passes over a month off.
public struct JumpPauses: Equatable, Sendable {
    /// Days of every week without jumping (at most six: a week keeps one jump day).
    public var restWeekdays: Set<Weekday>
    /// Single days off: a holiday, a cold.
    public var pausedDays: Set<LocalDate>
    /// Months off: no pace, and they neither count for nor break the streak of months.
    public var pausedMonths: Set<Month>

    public init(restWeekdays: Set<Weekday> = [], pausedDays: Set<LocalDate> = [], pausedMonths: Set<Month> = []) {
        self.restWeekdays = restWeekdays
        self.pausedDays = pausedDays
        self.pausedMonths = pausedMonths
    }

    public static let none = JumpPauses()

    /// The most single days off a person keeps (a year's worth), and how many months off.
    public static let maximumPausedDays = 366
    public static let maximumPausedMonths = 120

    /// These pauses without the days off before `month`: they move no pace any more, so they
    /// are neither kept nor listed.
    public func from(_ month: Month) -> JumpPauses {
        var pauses = self
        pauses.pausedDays = pausedDays.filter { Month($0) >= month }
        return pauses
    }

    /// Whether the person plans to jump on `date`.
    public func isJumpDay(_ date: LocalDate) -> Bool {
        !pausedMonths.contains(Month(date)) && !restWeekdays.contains(Weekday(date)) && !pausedDays.contains(date)
    }

    /// The jump days of `month` from `first` on (the whole month when `first` is before it).
    public func jumpDays(in month: Month, from first: LocalDate? = nil) -> Int {
        (1...month.dayCount).reduce(0) { count, day in
            let date = LocalDate(year: month.year, month: month.month, day: day)!
            return count + (date >= (first ?? date) && isJumpDay(date) ? 1 : 0)
        }
    }
}

/// Where a person should be in the current month to reach its goal by the month's end, keeping
/// an even pace over its jump days (see ``JumpPauses``).
///
/// - `expected` is the goal's share of the jump days before today: the amount the person would
///   have by this morning at that pace (the ring's tick). Rounded to the nearest whole jump.
/// - `behindBy` is how far the month's progress is below it (0 on or ahead of pace); `aheadBy`
///   how far above.
/// - `neededPerDay` spreads what is left over the jump days left, today included (rounded up,
///   so keeping it reaches the goal): "1,250 jumps a day to make it". 0 once the goal is
///   reached; nil when no jump day is left and the goal is not reached.
///
/// Today's jumps count in the progress, so a person who jumped this morning sees the day's
/// need shrink, and today is a day left until it ends. A rest day or a day off adds nothing to
/// `expected` and is not a day left: the pace moves over it.
public struct GoalPace: Equatable, Sendable {
    public let goal: Int
    public let progress: Int
    public let expected: Int
    public let behindBy: Int
    public let aheadBy: Int
    public let neededPerDay: Int?
    /// The month's jump days, and those left from today on (today included when it is one).
    public let jumpDays: Int
    public let jumpDaysLeft: Int

    /// `expected` as a share of the goal (0...1): where the ring's tick goes.
    public var fraction: Double { Double(expected) / Double(goal) }

    /// The pace of `today`'s month towards `goal` with `progress` so far; nil without a goal,
    /// in a month off, or in a month without a jump day.
    public static func of(goal: Int, progress: Int, today: LocalDate, pauses: JumpPauses) -> GoalPace? {
        let month = Month(today)
        guard goal > 0, !pauses.pausedMonths.contains(month) else { return nil }
        let jumpDays = pauses.jumpDays(in: month)
        guard jumpDays > 0 else { return nil }
        let left = pauses.jumpDays(in: month, from: today)
        let before = jumpDays - left
        // goal × before / jumpDays, rounded to the nearest (goals are at most 1,000,000: no overflow).
        let expected = (goal * before + jumpDays / 2) / jumpDays
        let progress = max(0, progress)
        let remaining = max(0, goal - progress)
        let needed: Int? = remaining == 0 ? 0 : left == 0 ? nil : (remaining + left - 1) / left
        return GoalPace(
            goal: goal, progress: progress, expected: expected, behindBy: max(0, expected - progress),
            aheadBy: max(0, progress - expected), neededPerDay: needed, jumpDays: jumpDays, jumpDaysLeft: left)
    }
}

/// The streak of months in which the goal was reached.
public enum GoalStreak {
    /// How many months in a row the jump goal was reached, counting back from the current month.
    ///
    /// The current month counts once its goal is reached and does not end the streak while it
    /// runs. A month off (``JumpPauses/pausedMonths``) is passed over: it neither counts nor
    /// ends the streak. A month whose goal was not reached, or without a goal, ends it.
    /// - Parameter summaries: the goals history, newest first (``GoalHistory``).
    public static func months(_ summaries: [MonthSummary], current: Month, pausedMonths: Set<Month>) -> Int {
        var streak = 0
        for summary in summaries where summary.month <= current {
            if pausedMonths.contains(summary.month) { continue }
            let reached = summary.jump.map { $0.goal > 0 && summary.totalJumps >= $0.goal } ?? false
            if reached {
                streak += 1
            } else if summary.month != current {
                break
            }
        }
        return streak
    }
}

/// One month of the goals report (`GET /api/v1/goals/months`): its jumps and calories, each
/// with its goal, whether it was reached and, in the current month, the pace.
public struct GoalMonthProgress: Equatable, Sendable {
    /// One category's month.
    public struct Category: Equatable, Sendable {
        /// All of the month's jumps or calories, with or without a goal.
        public let total: Int
        /// nil without a goal (a calorie goal of 0 is none).
        public let goal: Int?
        public let reached: Bool
        /// The current month's pace; nil in other months, a month off or without a goal.
        public let pace: GoalPace?
    }

    public let month: Month
    /// A month off (``JumpPauses/pausedMonths``).
    public let paused: Bool
    public let jumps: Category
    public let calories: Category

    /// The month of `summary`, with the pace when `today` is in it.
    public static func of(_ summary: MonthSummary, today: LocalDate, pauses: JumpPauses) -> GoalMonthProgress {
        func category(total: Int, goal: Int?) -> Category {
            let goal = goal.flatMap { $0 > 0 ? $0 : nil }
            let pace = goal.flatMap {
                Month(today) == summary.month ? GoalPace.of(goal: $0, progress: total, today: today, pauses: pauses) : nil
            }
            return Category(total: total, goal: goal, reached: goal.map { total >= $0 } ?? false, pace: pace)
        }
        return GoalMonthProgress(
            month: summary.month, paused: pauses.pausedMonths.contains(summary.month),
            jumps: category(total: summary.totalJumps, goal: summary.jump?.goal),
            calories: category(total: summary.totalCalories, goal: summary.calorie?.goal))
    }
}
