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

        init(category: Category, goal: Int?, progress: Int, lastSession: JumpSession?) {
            self.category = category
            let goal = goal.flatMap { $0 > 0 ? $0 : nil }
            self.goal = goal
            self.progress = progress
            self.lastSession = lastSession
            let amount = lastSession.map { category == .jumps ? $0.numberOfJumps : ($0.numberOfCalories ?? 0) }
            self.lastSessionAmount = amount
            var rings: [RingRepresentation: RingGeometry] = [:]
            for representation in RingRepresentation.allCases {
                rings[representation] = RingGeometry.make(goal: goal, progress: progress, lastSession: amount, representation: representation)
            }
            self.rings = rings
        }
    }

    struct Model {
        let month: Month
        /// The previous month, when the user was active then.
        let previousMonth: Month?
        /// The next month, unless this is the current month.
        let nextMonth: Month?
        /// Every month the month picker offers: the user's first active month to now.
        let months: ClosedRange<Month>
        /// Whether `month` is the current month (its texts say "this month"; others name the month).
        var isCurrentMonth: Bool { nextMonth == nil }
        /// Jumps always; calories only when the month has a calorie goal.
        let categories: [CategoryModel]
        let selected: Category
        let editGoals: EditGoalsDialog.Model

        /// Builds the page of `month` (clamped to the user's active months) from the history.
        init(history: GoalHistoryLoader.History, month requested: Month?, category: Category?, fitness: FitnessSettings) {
            let month = min(max(requested ?? history.current, history.first), history.current)
            let summary = history.summary(for: month)
            self.month = month
            previousMonth = month > history.first ? month.previous : nil
            nextMonth = month < history.current ? month.next : nil
            months = history.first...history.current
            var categories = [CategoryModel(
                category: .jumps, goal: summary?.jump?.goal, progress: summary?.totalJumps ?? 0, lastSession: summary?.lastSession
            )]
            if let calorie = summary?.calorie {
                categories.append(CategoryModel(category: .calories, goal: calorie.goal, progress: calorie.currentProgress, lastSession: summary?.lastSession))
            }
            self.categories = categories
            selected = categories.contains { $0.category == category } ? category! : .jumps
            editGoals = EditGoalsDialog.Model(fitness: fitness, month: history.current)
        }
    }
}
