/// A workout as it is kept and played: each exercise (by catalogue id) with its time, part,
/// round, tempo and the rest after it, and the music of the whole (``WorkoutSoundtrack``).
/// Stored as JSON so a saved workout plays the same later.
public struct WorkoutPlan: Codable, Equatable, Sendable {
    public struct Step: Codable, Equatable, Sendable {
        public let exerciseID: String
        public let seconds: Int
        public let part: WorkoutStep.Part
        /// The round of the main part; 0 in the warm-up and cool-down.
        public let round: Int
        /// The rest after it; 0 after the last.
        public let restAfter: Int
        /// Repetitions a minute and the song tempo that locks to them; nil when it is held.
        public let repsPerMinute: Int?
        public let targetBPM: Int?

        public init(
            exerciseID: String, seconds: Int, part: WorkoutStep.Part, round: Int, restAfter: Int, repsPerMinute: Int?, targetBPM: Int?
        ) {
            self.exerciseID = exerciseID
            self.seconds = seconds
            self.part = part
            self.round = round
            self.restAfter = restAfter
            self.repsPerMinute = repsPerMinute
            self.targetBPM = targetBPM
        }
    }

    public let steps: [Step]
    /// The music, from the first second to the last.
    public let soundtrack: [SoundtrackCue]
    /// How many of the main part's exercises are at each level (``GeneratedWorkout/mainLevels``).
    public let mainLevels: [Exercise.Level: Int]
    /// Jumping moves were done as cardio (``GeneratedWorkout/cardioFromJumps``).
    public var cardioFromJumps = false

    public init(steps: [Step], soundtrack: [SoundtrackCue], mainLevels: [Exercise.Level: Int] = [:]) {
        self.steps = steps
        self.soundtrack = soundtrack
        self.mainLevels = mainLevels
    }

    /// The plan of `workout`: each exercise's tempo from the user's `measuredRates` (reps a
    /// minute by exercise id, from fitness tests) or the table at the chosen difficulty
    /// (``ExerciseTempo``), faster in a block's later rounds, and the music from `library`
    /// (already narrowed to the chosen themes).
    public init(_ workout: GeneratedWorkout, library: [LibrarySong], measuredRates: [String: Double] = [:]) {
        let steps = workout.steps.map { step in
            let tempo = ExerciseTempo.of(step.exercise, level: workout.level, measuredRate: measuredRates[step.exercise.id])
                .faster(by: step.paceFactor)
            return Step(
                exerciseID: step.exercise.id, seconds: step.seconds, part: step.part, round: step.round, restAfter: step.restAfter,
                repsPerMinute: tempo.repsPerMinute, targetBPM: tempo.targetBPM)
        }
        self.init(
            steps: steps,
            soundtrack: WorkoutSoundtrack.cues(
                for: steps.map { WorkoutSoundtrack.Slot(seconds: $0.seconds, restAfter: $0.restAfter, targetBPM: $0.targetBPM) },
                library: library),
            mainLevels: workout.mainLevels)
        cardioFromJumps = workout.cardioFromJumps
    }

    /// The plan with each exercise's tempo from `tempo` and a soundtrack from `library`: how
    /// a plan kept before soundtracks (``soundtrack`` empty) gets its music.
    public func withMusic(tempo: (String) -> ExerciseTempo?, library: [LibrarySong]) -> WorkoutPlan {
        let steps = steps.map { step in
            let tempo = tempo(step.exerciseID)
            return Step(
                exerciseID: step.exerciseID, seconds: step.seconds, part: step.part, round: step.round, restAfter: step.restAfter,
                repsPerMinute: tempo?.repsPerMinute, targetBPM: tempo?.targetBPM)
        }
        let slots = steps.map { WorkoutSoundtrack.Slot(seconds: $0.seconds, restAfter: $0.restAfter, targetBPM: $0.targetBPM) }
        var plan = WorkoutPlan(steps: steps, soundtrack: WorkoutSoundtrack.cues(for: slots, library: library), mainLevels: mainLevels)
        plan.cardioFromJumps = cardioFromJumps
        return plan
    }

    /// Exercise time plus every rest.
    public var totalSeconds: Int { steps.reduce(0) { $0 + $1.seconds + $1.restAfter } }

    /// The second of the workout each exercise starts at.
    public var startSeconds: [Int] {
        var time = 0
        return steps.map { step in
            defer { time += step.seconds + step.restAfter }
            return time
        }
    }

    /// The cues that play during exercise `index` and the rest after it, the first at (or
    /// carried into) its start: which song plays from which second at what rate.
    public func cues(ofStep index: Int) -> [SoundtrackCue] {
        guard steps.indices.contains(index) else { return [] }
        let start = startSeconds[index], end = start + steps[index].seconds + steps[index].restAfter
        let carried = soundtrack.last { $0.at <= start }.map { cue in
            SoundtrackCue(
                at: start, songID: cue.songID, from: cue.songID == nil ? 0 : cue.from + Double(start - cue.at) * cue.rate, rate: cue.rate,
                bpm: cue.bpm, ducked: cue.ducked, fadeIn: cue.at == start ? cue.fadeIn : 0)
        }
        return (carried.map { [$0] } ?? []) + soundtrack.filter { $0.at > start && $0.at < end }
    }

    /// Where a paused workout may stand: an exercise of the plan and 1 to all of its seconds
    /// left. Answers the field errors otherwise (`exerciseIndex`, `secondsLeft`).
    public func checkProgress(exerciseIndex: Int, secondsLeft: Int) -> FieldErrors {
        var errors = FieldErrors()
        guard steps.indices.contains(exerciseIndex) else {
            errors.add("exerciseIndex", "error.workout.progressExercise")
            return errors
        }
        if !(1...steps[exerciseIndex].seconds).contains(secondsLeft) { errors.add("secondsLeft", "error.workout.progressSeconds") }
        return errors
    }

    /// The plan's exercise seconds, rests left out.
    public var workSeconds: Int { steps.reduce(0) { $0 + $1.seconds } }

    /// The exercise seconds before a place (`exerciseIndex` with `secondsLeft`): what a run that
    /// starts there has done already. The place must be one ``checkProgress(exerciseIndex:secondsLeft:)`` accepts.
    public func workSeconds(before exerciseIndex: Int, secondsLeft: Int) -> Int {
        guard steps.indices.contains(exerciseIndex) else { return 0 }
        return steps[..<exerciseIndex].reduce(0) { $0 + $1.seconds } + max(0, steps[exerciseIndex].seconds - secondsLeft)
    }

    // MARK: - Coding

    private enum CodingKeys: String, CodingKey {
        case steps, soundtrack, mainLevels, restSeconds, cardioFromJumps
    }

    /// Reads a plan, also one kept before workouts had parts and a soundtrack: its exercises
    /// become the main part with its one rest between them, with no tempo and no soundtrack
    /// yet (``withMusic(tempo:library:)`` gives it both).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let soundtrack = try container.decodeIfPresent([SoundtrackCue].self, forKey: .soundtrack) {
            self.init(
                steps: try container.decode([Step].self, forKey: .steps), soundtrack: soundtrack,
                mainLevels: try container.decodeIfPresent([Exercise.Level: Int].self, forKey: .mainLevels) ?? [:])
            cardioFromJumps = try container.decodeIfPresent(Bool.self, forKey: .cardioFromJumps) ?? false
            return
        }
        struct OldStep: Decodable {
            let exerciseID: String
            let seconds: Int
        }
        let rest = try container.decode(Int.self, forKey: .restSeconds)
        let old = try container.decode([OldStep].self, forKey: .steps)
        let steps = old.enumerated().map { index, step in
            Step(
                exerciseID: step.exerciseID, seconds: step.seconds, part: .main, round: 1, restAfter: index == old.count - 1 ? 0 : rest,
                repsPerMinute: nil, targetBPM: nil)
        }
        self.init(steps: steps, soundtrack: [])
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(steps, forKey: .steps)
        try container.encode(soundtrack, forKey: .soundtrack)
        try container.encode(mainLevels, forKey: .mainLevels)
        if cardioFromJumps { try container.encode(true, forKey: .cardioFromJumps) }
    }
}

extension WorkoutSelectionInput {
    /// The members that ``validate(_:)`` reads back into the same selection: how a workout
    /// keeps the choices it was made from.
    public static func members(of validated: Validated) -> [String: JSONValue] {
        let selection = validated.selection
        var members: [String: JSONValue] = [
            "equipment": .array(selection.equipment.map(\.rawValue).sorted().map(JSONValue.string)),
            "difficulty": .string(selection.level.rawValue),
            "duration": .number(Double(selection.minutes)),
            "themes": .array(validated.themeIDs.map(JSONValue.string)),
        ]
        switch selection.focus {
        case .categories(let categories): members["categories"] = .array(categories.map(\.rawValue).sorted().map(JSONValue.string))
        case .muscles(let muscles): members["muscles"] = .array(muscles.map(\.rawValue).sorted().map(JSONValue.string))
        }
        return members
    }
}
