/// The goals in force for one month. A month without goals of its own keeps the goals of the
/// latest earlier month that set them (goals carry forward until changed).
public struct MonthGoals: Equatable, Sendable {
    public var jumpGoal: Int
    /// 0 means no calorie goal.
    public var calorieGoal: Int

    public init(jumpGoal: Int, calorieGoal: Int) {
        self.jumpGoal = jumpGoal
        self.calorieGoal = calorieGoal
    }

    /// The goals in force in `month`, given the months in which goals were set.
    public static func inForce(in month: Month, setGoals: [Month: MonthGoals]) -> MonthGoals? {
        setGoals.filter { $0.key <= month }.max { $0.key < $1.key }?.value
    }
}
