import Foundation

/// Levels from fitness-test rates.
///
/// **An exercise's level** (1–10) compares the measured rate with the exercise's tempo
/// (``ExerciseTempo/repsPerMinute``: Kinetic's starting pace for it, before the user's own
/// rate sets their workouts' pace). With r = measured ÷ tempo, each level is 15 % faster than
/// the one below, and level 4 is the starting pace:
///
///     level = 4 + ⌊log(r) ÷ log(1.15)⌋, held to 1…10
///
/// | level | 1 | 2 | 3 | **4** | 5 | 6 | 7 | 8 | 9 | 10 |
/// |---|---|---|---|---|---|---|---|---|---|---|
/// | from r = | – | 0.756 | 0.870 | **1.000** | 1.150 | 1.323 | 1.521 | 1.749 | 2.011 | 2.313 |
///
/// A test is a flat-out half minute, faster than a workout's steady pace, so a first test
/// usually lands at 5–7 and leaves room to grow. Steps by ratio, not by reps, make a level
/// mean the same effort for a slow exercise and a fast one.
///
/// **The overall level** is the mean of the latest level of each exercise the user has tested,
/// rounded down (so one weak exercise does not hide behind a strong one for long).
///
/// **Levelling up compares like with like** (``comparison(_:)``): a test levels the user up when
/// the exercises it measured that had been measured before are, together, at a higher level
/// than they were then (each side the mean of those exercises' levels, rounded down). A
/// strength test after a plyometrics one compares nothing, whatever it does to the overall
/// level. An exercise's own "levelled up" compares its new level with its previous one.
public enum FitnessLevel {
    public static let levels = 1...10
    /// The level of the starting pace (r = 1).
    public static let workoutPaceLevel = 4
    /// How much faster each level is than the one below.
    public static let stepRatio = 1.15

    /// The level of `repsPerMinute` at an exercise of `tempo`; nil for a held exercise (no rep
    /// tempo) or a rate that is not a positive number.
    public static func level(repsPerMinute: Double, tempo: ExerciseTempo) -> Int? {
        guard let ratio = paceRatio(repsPerMinute: repsPerMinute, tempo: tempo) else { return nil }
        let steps = (log(ratio) / log(stepRatio) + 1e-9).rounded(.down)
        let level = min(max(Double(workoutPaceLevel) + steps, Double(levels.lowerBound)), Double(levels.upperBound))
        return Int(level)
    }

    /// The measured rate as a share of the starting pace (1.2 is 20 % faster); nil as for
    /// ``level(repsPerMinute:tempo:)``.
    public static func paceRatio(repsPerMinute: Double, tempo: ExerciseTempo) -> Double? {
        guard let target = tempo.repsPerMinute, target > 0, repsPerMinute.isFinite, repsPerMinute > 0 else { return nil }
        return repsPerMinute / Double(target)
    }

    /// The overall level from the latest level of each tested exercise; nil before any test.
    public static func overall(latestLevels: [Int]) -> Int? {
        guard !latestLevels.isEmpty else { return nil }
        return latestLevels.reduce(0, +) / latestLevels.count
    }

    /// The level of a test's exercises that had a level before, then and now: from each one's
    /// previous and new level, the mean of each side rounded down; nil when none had one.
    public static func comparison(_ levels: [(before: Int, after: Int)]) -> (before: Int, after: Int)? {
        guard !levels.isEmpty else { return nil }
        return (levels.map(\.before).reduce(0, +) / levels.count, levels.map(\.after).reduce(0, +) / levels.count)
    }

    /// Whether going from `before` to `after` is levelling up (a first level is not).
    public static func levelledUp(from before: Int?, to after: Int?) -> Bool {
        guard let before, let after else { return false }
        return after > before
    }
}
