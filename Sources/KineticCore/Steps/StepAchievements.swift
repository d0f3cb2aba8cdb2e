/// Achievement badges for a month's steps: one for every 10,000 (seed: "MySteps").
public enum StepAchievements {
    public static let stepsPerBadge = 10_000
    /// Badges that have a drawing of their own (10k to 100k); later ones reuse the last design.
    public static let drawnBadges = 10

    /// The thresholds earned by a month total, e.g. 34,500 → [10,000, 20,000, 30,000]; empty below 10,000.
    public static func earned(monthTotal: Int) -> [Int] {
        guard monthTotal >= stepsPerBadge else { return [] }
        return (1...(monthTotal / stepsPerBadge)).map { $0 * stepsPerBadge }
    }
}
