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

extension WorkoutEffort {
    /// Why a player's account of a finished workout cannot be true.
    public enum Refusal: Error, Equatable, Sendable {
        /// No `workedSeconds`: the server cannot tell what was done.
        case workedSecondsMissing
        /// More exercise seconds than the plan has.
        case moreThanPlanned(plannedWorkSeconds: Int)
        /// More exercises skipped than the plan has.
        case moreSkippedThanExercises(exercises: Int)
        /// Exercises skipped, yet every planned second worked.
        case skippedWithFullTime
        /// More worked than the run could have played since the server first heard of it.
        case moreThanPlayed(playableSeconds: Int)
    }

    /// The effort a player reports, checked against its plan, or why it cannot be true.
    ///
    /// The player counts the exercise seconds it played (rests left out, rounded down) and the
    /// exercises skipped with at least a second left (a skip in an exercise's last second ends it
    /// as done). So, with `P` planned exercise seconds in `n` exercises:
    /// - `workedSeconds` must be sent (an account without it counts nothing);
    /// - `workedSeconds ≤ P` and `skipped ≤ n`;
    /// - `workedSeconds + skipped ≤ P`: each skip left at least a second unworked;
    /// - when the server heard the run begin (`playableSeconds`: the work credited before its
    ///   starting place plus the time since, with a little slack), `workedSeconds` is at most that.
    public static func reported(
        workedSeconds: Int?, skipped: Int?, plannedWorkSeconds: Int, exercises: Int, playableSeconds: Int? = nil
    ) -> Result<WorkoutEffort, Refusal> {
        guard let workedSeconds else { return .failure(.workedSecondsMissing) }
        let skipped = skipped ?? 0
        guard workedSeconds <= plannedWorkSeconds else { return .failure(.moreThanPlanned(plannedWorkSeconds: plannedWorkSeconds)) }
        guard skipped <= exercises else { return .failure(.moreSkippedThanExercises(exercises: exercises)) }
        guard workedSeconds + skipped <= plannedWorkSeconds else { return .failure(.skippedWithFullTime) }
        if let playableSeconds, workedSeconds > playableSeconds { return .failure(.moreThanPlayed(playableSeconds: playableSeconds)) }
        return .success(WorkoutEffort(workedSeconds: workedSeconds, plannedWorkSeconds: plannedWorkSeconds, skipped: skipped))
    }
}
