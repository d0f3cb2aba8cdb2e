/// How much of a finished workout was done, and whether it counts.
///
/// **The rule.** A workout counts as complete, for its Summary and for workout goals, when at
/// least half of its planned exercise time was worked (rests are not work). Skipping through
/// it, or quitting at the end of the warm-up, is played but not done. A goal's "minutes per
/// workout" compares the workout's planned length (warm-up and rests included), so a complete
/// 10-minute workout counts for a 10-minute goal.
public struct WorkoutEffort: Equatable, Sendable {
    /// Exercise seconds played, held to 0…``plannedWorkSeconds``.
    public let workedSeconds: Int
    /// The plan's exercise seconds, rests left out.
    public let plannedWorkSeconds: Int
    /// Exercises skipped before their time was up.
    public let skipped: Int

    public init(workedSeconds: Int, plannedWorkSeconds: Int, skipped: Int) {
        self.plannedWorkSeconds = max(0, plannedWorkSeconds)
        self.workedSeconds = min(max(0, workedSeconds), self.plannedWorkSeconds)
        self.skipped = max(0, skipped)
    }

    /// At least half the planned exercise time was worked.
    public var isComplete: Bool { workedSeconds * 2 >= plannedWorkSeconds }
}
