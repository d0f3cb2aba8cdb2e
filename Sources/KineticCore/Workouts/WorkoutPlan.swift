/// A workout as it is kept and played: each exercise (by catalogue id) with its time and its
/// songs, and the rest between exercises. Built from a ``GeneratedWorkout`` and the songs of
/// the chosen themes; stored as JSON so a saved workout plays the same later.
public struct WorkoutPlan: Codable, Equatable, Sendable {
    public struct Step: Codable, Equatable, Sendable {
        public let exerciseID: String
        public let seconds: Int
        public let songs: [PlannedSong]

        public init(exerciseID: String, seconds: Int, songs: [PlannedSong]) {
            self.exerciseID = exerciseID
            self.seconds = seconds
            self.songs = songs
        }
    }

    public let restSeconds: Int
    public let steps: [Step]

    public init(restSeconds: Int, steps: [Step]) {
        self.restSeconds = restSeconds
        self.steps = steps
    }

    /// The plan of `workout`: each exercise's songs chosen by ``WorkoutPlaylist`` from
    /// `library` (already narrowed to the chosen themes), the exercise's position as its turn.
    public init(_ workout: GeneratedWorkout, library: [LibrarySong]) {
        self.init(
            restSeconds: workout.restSeconds,
            steps: workout.steps.enumerated().map { index, step in
                Step(
                    exerciseID: step.exercise.id, seconds: step.seconds,
                    songs: WorkoutPlaylist.songs(
                        targetBPM: step.exercise.tempo.targetBPM, seconds: step.seconds, library: library, turn: index)
                )
            })
    }

    /// Exercise time plus the rests between exercises.
    public var totalSeconds: Int {
        steps.reduce(0) { $0 + $1.seconds } + restSeconds * max(0, steps.count - 1)
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
}

extension PlannedSong: Codable {
    private enum CodingKeys: String, CodingKey {
        case songID = "song", playbackRate = "rate", fits
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            songID: try container.decode(String.self, forKey: .songID),
            playbackRate: try container.decode(Double.self, forKey: .playbackRate),
            fits: try container.decode(Bool.self, forKey: .fits)
        )
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(songID, forKey: .songID)
        try container.encode(playbackRate, forKey: .playbackRate)
        try container.encode(fits, forKey: .fits)
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
