/// Levels from fitness-test rates.
///
/// **An exercise's level** (1–10) compares the measured rate with the exercise's tempo
/// (``ExerciseTempo/repsPerMinute``, the pace its workouts are set to): with
/// r = measured ÷ tempo,
///
///     level = 1 + ⌊(r − 0.4) ÷ 0.1⌋, held to 1…10
///
/// so keeping the workout's pace (r = 1) is level 7, 30 % faster is 10 and under half the pace
/// is 1. Each level is a tenth of the tempo, the same step for every exercise.
///
/// **The overall level** is the mean of the latest level of each exercise the user has tested,
/// rounded down (so one weak exercise does not hide behind a strong one for long), and a test
/// **levels the user up** when the overall level after it is higher than before it. An
/// exercise's own "levelled up" compares its new level with its previous one.
public enum FitnessLevel {
    public static let levels = 1...10

    /// The level of `repsPerMinute` at an exercise of `tempo`; nil for a held exercise (no rep
    /// tempo) or a rate that is not a positive number.
    public static func level(repsPerMinute: Double, tempo: ExerciseTempo) -> Int? {
        guard let target = tempo.repsPerMinute, target > 0, repsPerMinute.isFinite, repsPerMinute > 0 else { return nil }
        let ratio = repsPerMinute / Double(target)
        let steps = ((ratio - 0.4) / 0.1 + 1e-9).rounded(.down)
        return Int(min(max(1 + steps, Double(levels.lowerBound)), Double(levels.upperBound)))
    }

    /// The overall level from the latest level of each tested exercise; nil before any test.
    public static func overall(latestLevels: [Int]) -> Int? {
        guard !latestLevels.isEmpty else { return nil }
        return latestLevels.reduce(0, +) / latestLevels.count
    }

    /// Whether going from `before` to `after` is levelling up (a first level is not).
    public static func levelledUp(from before: Int?, to after: Int?) -> Bool {
        guard let before, let after else { return false }
        return after > before
    }
}
