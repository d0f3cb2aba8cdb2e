import KineticCore

extension GoalsPage {
    /// The two goal categories of the switcher.
    enum Category: String, CaseIterable {
        case jumps, calories
    }

    /// One category of one month: its goal, progress, last session and the ring of each view.
    struct CategoryModel {
        let category: Category
        /// The month's goal; nil when there is none (a goal of 0 is none).
        let goal: Int?
        let progress: Int
        /// The last session's jumps or calories; nil when the month had no session.
        let lastSessionAmount: Int?
        let lastSession: JumpSession?
        let rings: [RingRepresentation: RingGeometry]
        /// Where the person should be today (the current month with a goal, not a month off).
        let pace: GoalPace?

        init(category: Category, goal: Int?, progress: Int, lastSession: JumpSession?, pace: GoalPace?) {
            self.pace = pace
            self.category = category
            let goal = goal.flatMap { $0 > 0 ? $0 : nil }
            self.goal = goal
            self.progress = progress
            self.lastSession = lastSession
            let amount = lastSession.map { category == .jumps ? $0.numberOfJumps : ($0.numberOfCalories ?? 0) }
            self.lastSessionAmount = amount
            var rings: [RingRepresentation: RingGeometry] = [:]
            for representation in RingRepresentation.allCases {
                rings[representation] = RingGeometry.make(
                    goal: goal, progress: progress, lastSession: amount, representation: representation)
            }
            self.rings = rings
        }
    }

    struct Model {
        /// The month shown and the month bar's way around the user's active months.
        let navigation: MonthNavigation
        var month: Month { navigation.month }
        /// Whether `month` is the current month (its texts say "this month"; others name the month).
        var isCurrentMonth: Bool { navigation.isCurrent }
        /// Jumps always; calories only when the month has a calorie goal.
        let categories: [CategoryModel]
        let selected: Category
        let editGoals: EditGoalsDialog.Model
        /// Months in a row the jump goal was reached (``GoalStreak``).
        let streak: Int
        /// Whether the month is a month off.
        let isMonthOff: Bool

        /// Builds the page of `month` (clamped to the user's active months) from the history.
        init(report: GoalProgressReport, month requested: Month?, category: Category?, fitness: FitnessSettings) {
            let history = report.history
            navigation = MonthNavigation(requested: requested, first: history.first, current: history.current)
            let summary = history.summary(for: navigation.month)
            let progress = report.month(navigation.month)
            var categories = [
                CategoryModel(
                    category: .jumps, goal: summary?.jump?.goal, progress: summary?.totalJumps ?? 0, lastSession: summary?.lastSession,
                    pace: progress?.jumps.pace)
            ]
            if let calorie = summary?.calorie {
                categories.append(
                    CategoryModel(
                        category: .calories, goal: calorie.goal, progress: calorie.currentProgress, lastSession: summary?.lastSession,
                        pace: progress?.calories.pace))
            }
            streak = report.streak
            isMonthOff = progress?.paused ?? false
            self.categories = categories
            selected = categories.contains { $0.category == category } ? category! : .jumps
            editGoals = EditGoalsDialog.Model(fitness: fitness, month: history.current)
        }
    }
}
