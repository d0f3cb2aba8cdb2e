/// How fast an exercise is done and how the music follows it: repetitions a minute, beats of
/// music per repetition, and so the song tempo that locks to it (reps/min × beats/rep).
///
/// **The pace** comes from the catalogue's data. A held exercise (a stretch, or a static one
/// such as a plank) has none: its music plays at its own speed.
///
/// | category | mechanic | beginner | intermediate | expert | anchor |
/// |---|---|---|---|---|---|
/// | strength, powerlifting | compound | 15 | 17 | 19 | ACSM 2009 Position Stand (Ratamess et al.): moderate velocity, 1–2 s up and down; "2-0-2-0", 4 s a rep, for beginners (Wilk et al. 2018), faster once trained |
/// | strength, powerlifting | isolation, none | 18 | 21 | 24 | one joint moves a shorter path: about 3 s a rep |
/// | olympic weightlifting, strongman | any | 8 | 9 | 10 | an explosive rep, then a reset of about 6 s |
/// | plyometrics | any | 40 | 45 | 50 | a jumping-jack benchmark of 40–60 a minute for average adults |
/// | cardio | any | 120 | 130 | 140 | rope skipping and running cadences of 120–180 a minute |
///
/// **In a workout** the column is the chosen difficulty, not the exercise's own level: an
/// expert workout goes at the expert pace, easier moves included, and a beginner one at the
/// beginner pace. Elsewhere (a fitness test) it is the exercise's level.
///
/// **Once measured**, the user's own fitness-test rate for the exercise sets the pace instead,
/// held to 0.6–1.6 × the table's and to the song tempos below: a level up speeds up the music.
///
/// **Beats per rep** are fixed by the table's pace: of 1, 2, 3, 4, 6, 8, 12 and 16 the one that
/// puts the table's pace nearest 128 BPM within 100–160 (Karageorghis & Jones 2014: exercisers
/// prefer 120–140). They do not change with a measured rate, so a faster rate is faster music.
public struct ExerciseTempo: Equatable, Sendable {
    /// Repetitions a minute; nil for a held exercise.
    public let repsPerMinute: Int?
    /// Beats of music per repetition; nil for a held exercise.
    public let beatsPerRep: Int?

    public init(repsPerMinute: Int?, beatsPerRep: Int?) {
        self.repsPerMinute = repsPerMinute
        self.beatsPerRep = beatsPerRep
    }

    /// The song tempo that locks to the movement; nil for a held exercise.
    public var targetBPM: Int? {
        guard let repsPerMinute, let beatsPerRep else { return nil }
        return repsPerMinute * beatsPerRep
    }

    /// The beats per rep tried, and the band and centre they aim for.
    public static let beatChoices = [1, 2, 3, 4, 6, 8, 12, 16]
    public static let preferredBPM = 100...160
    public static let idealBPM = 128
    /// How far a measured rate may move the pace from the table's.
    public static let measuredRange = 0.6...1.6
    /// The song tempos a measured rate may lead to.
    public static let measuredBPM = 80...180

    /// The table's pace of `exercise` at `level` (its own when nil); nil when it is held.
    public static func tablePace(of exercise: Exercise, level: Exercise.Level? = nil) -> Int? {
        if exercise.category == .stretching || exercise.force == .holding { return nil }
        let step = Exercise.Level.allCases.firstIndex(of: level ?? exercise.level) ?? 0
        switch exercise.category {
        case .strength, .powerlifting: return (exercise.mechanic == .compound ? [15, 17, 19] : [18, 21, 24])[step]
        case .olympicWeightlifting, .strongman: return [8, 9, 10][step]
        case .plyometrics: return [40, 45, 50][step]
        case .cardio: return [120, 130, 140][step]
        case .stretching: return nil
        }
    }

    /// The beats per rep that put `pace` nearest ``idealBPM`` within ``preferredBPM`` (the
    /// nearest outside it when none falls inside; the fewer beats on a tie).
    public static func beatsPerRep(forPace pace: Int) -> Int {
        let inBand = beatChoices.filter { preferredBPM.contains(pace * $0) }
        let candidates = inBand.isEmpty ? beatChoices : inBand
        return candidates.min { abs(pace * $0 - idealBPM) < abs(pace * $1 - idealBPM) }!
    }

    /// The tempo of `exercise`, from the table (at `level`, the workout's difficulty, when given)
    /// or the user's `measuredRate` (reps a minute).
    public static func of(_ exercise: Exercise, level: Exercise.Level? = nil, measuredRate: Double? = nil) -> ExerciseTempo {
        guard let pace = tablePace(of: exercise, level: level) else { return ExerciseTempo(repsPerMinute: nil, beatsPerRep: nil) }
        // Beats per rep come from the exercise's own pace, so the song a move locks to is the same kind at every level.
        let beats = beatsPerRep(forPace: tablePace(of: exercise) ?? pace)
        guard let measuredRate, measuredRate.isFinite, measuredRate > 0 else {
            return ExerciseTempo(repsPerMinute: pace, beatsPerRep: beats)
        }
        let lowest = max(Double(pace) * measuredRange.lowerBound, Double(measuredBPM.lowerBound) / Double(beats))
        let highest = min(Double(pace) * measuredRange.upperBound, Double(measuredBPM.upperBound) / Double(beats))
        let reps = min(max(Int(min(measuredRate, highest * 2).rounded()), Int(lowest.rounded(.up))), Int(highest.rounded(.down)))
        return ExerciseTempo(repsPerMinute: max(1, reps), beatsPerRep: beats)
    }

    /// This tempo `factor` times as fast (a later round of a block), the song tempo held to
    /// ``measuredBPM``; a held exercise stays held.
    public func faster(by factor: Double) -> ExerciseTempo {
        guard let repsPerMinute, let beatsPerRep, factor.isFinite, factor > 0 else { return self }
        let highest = Self.measuredBPM.upperBound / beatsPerRep
        let reps = min(max(1, Int((Double(repsPerMinute) * factor).rounded())), max(repsPerMinute, highest))
        return ExerciseTempo(repsPerMinute: reps, beatsPerRep: beatsPerRep)
    }
}
