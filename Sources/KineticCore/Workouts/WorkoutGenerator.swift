/// What the Get Workout page asks for. Either categories or muscle groups, never both (the
/// seed's rule; ``WorkoutSelection`` validates it).
public struct WorkoutSelection: Equatable, Sendable {
    public enum Focus: Equatable, Sendable {
        case categories(Set<Exercise.Category>)
        case muscles(Set<Exercise.Muscle>)
    }

    public var focus: Focus
    /// Equipment the user has; bodyweight is always allowed.
    public var equipment: Set<Exercise.Equipment>
    public var level: Exercise.Level
    public var minutes: Int

    public init(focus: Focus, equipment: Set<Exercise.Equipment>, level: Exercise.Level, minutes: Int) {
        self.focus = focus
        self.equipment = equipment
        self.level = level
        self.minutes = minutes
    }

    /// The durations offered, in minutes.
    public static let durations = [10, 15, 20, 30, 45, 60]

    /// Whether `exercise` passes every filter: the focus (a chosen category, or a chosen muscle
    /// among its primary muscles), the equipment (or bodyweight), and a level no harder than
    /// the chosen one.
    public func admits(_ exercise: Exercise) -> Bool {
        let focused: Bool =
            switch focus {
            case .categories(let categories): categories.contains(exercise.category)
            case .muscles(let muscles): !muscles.isDisjoint(with: exercise.primaryMuscles)
            }
        return focused && (exercise.equipment == .bodyweight || equipment.contains(exercise.equipment)) && exercise.level <= level
    }
}

/// One exercise of a generated workout and how long it runs.
public struct WorkoutStep: Equatable, Sendable {
    public let exercise: Exercise
    public let seconds: Int
}

/// A generated workout: its exercises in order, with the same rest between each two.
public struct GeneratedWorkout: Equatable, Sendable {
    public let steps: [WorkoutStep]
    public let restSeconds: Int

    /// Exercise time plus the rests between exercises.
    public var totalSeconds: Int {
        steps.reduce(0) { $0 + $1.seconds } + restSeconds * max(0, steps.count - 1)
    }
}

/// Builds a workout from a selection, a pure function of the catalogue, the selection and a seed.
///
/// Rules (each checked by a property test over thousands of random selections):
/// - every exercise passes every filter (``WorkoutSelection/admits(_:)``), none comes twice;
/// - muscles take turns: each next exercise is one whose primary muscles are used least so
///   far, and among those one at the chosen level before an easier one;
/// - the total, rests included, is within a minute of the chosen duration: each exercise runs
///   its category's work time (``workSeconds(for:)``); when too few exercises match they share
///   the time evenly, each at most ``longestStepSeconds``; the last one takes up the rest.
public enum WorkoutGenerator {
    /// The rest between two exercises.
    public static let restSeconds = 20
    /// The longest one exercise may run (several sets) before the selection counts as too narrow.
    public static let longestStepSeconds = 300

    public enum Failure: Error, Equatable {
        /// No exercise passes the filters.
        case noExerciseMatches
        /// Too few exercises pass the filters to fill the duration.
        case tooFewExercises(available: Int)
    }

    /// One set's work time by category: about 10 reps at the category's tempo, a 30 s hold
    /// for stretches (ACSM: 10–30 s).
    public static func workSeconds(for category: Exercise.Category) -> Int {
        switch category {
        case .strength, .powerlifting: 40
        case .olympicWeightlifting, .strongman: 30
        case .plyometrics: 40
        case .cardio: 60
        case .stretching: 30
        }
    }

    public static func generate(from catalogue: [Exercise], selection: WorkoutSelection, seed: UInt64) -> Result<GeneratedWorkout, Failure>
    {
        var random = SeededGenerator(seed: seed)
        let candidates = catalogue.filter(selection.admits).shuffled(using: &random)
        guard !candidates.isEmpty else { return .failure(.noExerciseMatches) }
        let target = selection.minutes * 60
        // Chosen level first, then easier ones, each group in the seed's order.
        var pool = candidates.filter { $0.level == selection.level } + candidates.filter { $0.level < selection.level }
        var chosen: [Exercise] = []
        var uses: [Exercise.Muscle: Int] = [:]
        var total = -restSeconds
        while total < target - 60, !pool.isEmpty {
            let index = leastUsedIndex(in: pool, uses: uses)
            let exercise = pool.remove(at: index)
            chosen.append(exercise)
            for muscle in exercise.primaryMuscles { uses[muscle, default: 0] += 1 }
            total += restSeconds + workSeconds(for: exercise.category)
        }
        // Too few exercises: they share the time evenly (more sets each), to the 5 s.
        var seconds = chosen.map { workSeconds(for: $0.category) }
        let rests = restSeconds * (chosen.count - 1)
        if seconds.reduce(0, +) + rests < target - 60 {
            let units = (target - rests) / 5, share = units / chosen.count, extra = units % chosen.count
            seconds = chosen.indices.map { 5 * (share + ($0 < extra ? 1 : 0)) }
        }
        // The last exercise takes up what is left, so the total lands within a minute.
        let difference = target - (seconds.reduce(0, +) + rests)
        if abs(difference) > 60 { seconds[seconds.count - 1] += difference }
        guard seconds.allSatisfy({ (15...longestStepSeconds).contains($0) }) else {
            return .failure(.tooFewExercises(available: candidates.count))
        }
        return .success(
            GeneratedWorkout(
                steps: zip(chosen, seconds).map { WorkoutStep(exercise: $0, seconds: $1) }, restSeconds: restSeconds
            ))
    }

    /// The first exercise in `pool` whose least-used primary muscle is used least of all.
    private static func leastUsedIndex(in pool: [Exercise], uses: [Exercise.Muscle: Int]) -> Int {
        var best = 0, bestUse = Int.max
        for (index, exercise) in pool.enumerated() {
            let use = exercise.primaryMuscles.map { uses[$0, default: 0] }.max() ?? 0
            if use < bestUse {
                best = index
                bestUse = use
            }
            if use == 0 { break }
        }
        return best
    }
}
