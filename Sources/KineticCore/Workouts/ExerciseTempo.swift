/// How fast an exercise is done and how the music follows it: repetitions a minute, beats of
/// music per repetition, and so the song tempo that locks to it (reps/min × beats/rep).
///
/// The table (per catalogue category and level), with its sources:
///
/// | category | level | reps/min | beats/rep | target BPM | anchor |
/// |---|---|---|---|---|---|
/// | strength, powerlifting | beginner | 15 | 8 | 120 | ACSM 2009 Position Stand (Ratamess et al., MSSE 41(3):687–708): moderate velocity, 1–2 s up and 1–2 s down; "2-0-2-0" = 4 s a rep for beginners (Wilk et al., J Hum Kinet 2018) |
/// | strength, powerlifting | intermediate, expert | 20 | 6 | 120 | the same, 3 s a rep once trained |
/// | olympic weightlifting, strongman | all | 8 | 16 | 128 | ACSM 2009: explosive rep, then a reset of about 6 s; the music is a steady background |
/// | plyometrics | beginner | 40 | 3 | 120 | a jumping jack benchmark of 40–60 a minute for average adults |
/// | plyometrics | intermediate | 45 | 3 | 135 | |
/// | plyometrics | expert | 60 | 2 | 120 | |
/// | cardio | beginner, intermediate, expert | 120, 130, 140 | 1 | = cadence | rope skipping and running cadences of 120–180 a minute, held to the preferred 115–140 BPM (Karageorghis & Jones 2014: 123–131 on a treadmill, 125–140 on a cycle) |
/// | stretching | all | held | — | none | ACSM Guidelines (11th ed., Table 5.6): hold 10–30 s; no rep tempo, so the music plays at its own |
///
/// Beats per rep are chosen so that every target lands in 115–140 BPM, the band exercisers
/// prefer (Karageorghis 2011; Karageorghis & Jones 2014).
public struct ExerciseTempo: Equatable, Sendable {
    /// Repetitions a minute; nil for a held stretch.
    public let repsPerMinute: Int?
    /// Beats of music per repetition; nil for a held stretch.
    public let beatsPerRep: Int?

    public init(repsPerMinute: Int?, beatsPerRep: Int?) {
        self.repsPerMinute = repsPerMinute
        self.beatsPerRep = beatsPerRep
    }

    /// The song tempo that locks to the movement; nil for a held stretch.
    public var targetBPM: Int? {
        guard let repsPerMinute, let beatsPerRep else { return nil }
        return repsPerMinute * beatsPerRep
    }

    /// The tempo of an exercise of `category` at `level` (the table above).
    public static func forExercise(category: Exercise.Category, level: Exercise.Level) -> ExerciseTempo {
        switch (category, level) {
        case (.strength, .beginner), (.powerlifting, .beginner): ExerciseTempo(repsPerMinute: 15, beatsPerRep: 8)
        case (.strength, _), (.powerlifting, _): ExerciseTempo(repsPerMinute: 20, beatsPerRep: 6)
        case (.olympicWeightlifting, _), (.strongman, _): ExerciseTempo(repsPerMinute: 8, beatsPerRep: 16)
        case (.plyometrics, .beginner): ExerciseTempo(repsPerMinute: 40, beatsPerRep: 3)
        case (.plyometrics, .intermediate): ExerciseTempo(repsPerMinute: 45, beatsPerRep: 3)
        case (.plyometrics, .expert): ExerciseTempo(repsPerMinute: 60, beatsPerRep: 2)
        case (.cardio, .beginner): ExerciseTempo(repsPerMinute: 120, beatsPerRep: 1)
        case (.cardio, .intermediate): ExerciseTempo(repsPerMinute: 130, beatsPerRep: 1)
        case (.cardio, .expert): ExerciseTempo(repsPerMinute: 140, beatsPerRep: 1)
        case (.stretching, _): ExerciseTempo(repsPerMinute: nil, beatsPerRep: nil)
        }
    }

    /// The band every target tempo lies in.
    public static let preferredBPM = 115...140
}
