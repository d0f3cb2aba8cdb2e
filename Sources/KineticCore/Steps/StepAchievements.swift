/// Achievement badges for a month's steps: one for every 10,000 (seed: "MySteps").
public enum StepAchievements {
    public static let stepsPerBadge = 10_000
    /// The most badges drawn on a page (a million steps in a month); the rest are counted, so a
    /// page never costs more than a very active month's.
    public static let maximumShown = 100

    /// How many badges a month total earns: one per 10,000 steps, none for a negative total.
    public static func count(monthTotal: Int) -> Int {
        max(0, monthTotal) / stepsPerBadge
    }

    /// The thresholds earned by a month total, e.g. 34,500 → [10,000, 20,000, 30,000]; empty
    /// below 10,000; at most ``maximumShown`` of them.
    public static func earned(monthTotal: Int) -> [Int] {
        let shown = min(count(monthTotal: monthTotal), maximumShown)
        guard shown > 0 else { return [] }
        return (1...shown).map { $0 * stepsPerBadge }
    }
}
