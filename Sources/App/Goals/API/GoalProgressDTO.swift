import KineticCore
import Vapor

/// `GET /api/v1/goals/months`: every month's totals and goals, this month's pace and the streak.
struct GoalProgressDTO: Content {
    /// One month: its jumps and calories.
    struct MonthDTO: Content {
        let month: String
        let paused: Bool
        let jumps: CategoryDTO
        let calories: CategoryDTO
    }

    /// A category's month; `unit` is what its amounts count.
    struct CategoryDTO: Content {
        let unit: String
        let total: Int
        @NullEncoded var goal: Int?
        let reached: Bool
        @NullEncoded var pace: PaceDTO?

        init(_ category: GoalMonthProgress.Category, unit: String) {
            self.unit = unit
            total = category.total
            goal = category.goal
            reached = category.reached
            pace = category.pace.map { PaceDTO($0, unit: unit) }
        }
    }

    /// See ``GoalPace``: `pace`, `behindBy` and `aheadBy` in `unit`, `neededPerDay` in `unit`
    /// a day, the days in `day`.
    struct PaceDTO: Content {
        let unit: String
        let pace: Int
        let behindBy: Int
        let aheadBy: Int
        @NullEncoded var neededPerDay: Int?
        let jumpDays: Int
        let jumpDaysLeft: Int

        init(_ pace: GoalPace, unit: String) {
            self.unit = unit
            self.pace = pace.expected
            behindBy = pace.behindBy
            aheadBy = pace.aheadBy
            neededPerDay = pace.neededPerDay
            jumpDays = pace.jumpDays
            jumpDaysLeft = pace.jumpDaysLeft
        }
    }

    struct StreakDTO: Content {
        let months: Int
    }

    let currentMonth: String
    let streak: StreakDTO
    let months: [MonthDTO]

    init(_ report: GoalProgressReport) {
        currentMonth = report.current.description
        streak = StreakDTO(months: report.streak)
        months = report.months.map {
            MonthDTO(
                month: $0.month.description, paused: $0.paused, jumps: CategoryDTO($0.jumps, unit: "jumps"),
                calories: CategoryDTO($0.calories, unit: "kcal"))
        }
    }
}

/// `GET` and `PUT /api/v1/goals/pauses`: the rest days, days off and months off, sorted.
struct JumpPausesDTO: Content {
    let restWeekdays: [String]
    let pausedDays: [String]
    let pausedMonths: [String]

    init(_ pauses: JumpPauses) {
        restWeekdays = pauses.restWeekdays.sorted().map(\.rawValue)
        pausedDays = pauses.pausedDays.sorted().map(\.description)
        pausedMonths = pauses.pausedMonths.sorted().map(\.description)
    }
}
