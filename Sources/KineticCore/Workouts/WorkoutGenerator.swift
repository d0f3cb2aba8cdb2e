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

    /// Whether `exercise` may be done at all: everything it needs is at hand
    /// (``Exercise/canBeDone(with:)``) and it is no harder than the chosen level.
    public func allows(_ exercise: Exercise) -> Bool {
        exercise.level <= level && exercise.canBeDone(with: equipment)
    }

    /// Whether `exercise` passes every filter of the main part: the focus (a chosen category,
    /// or a chosen muscle among its primary muscles) and ``allows(_:)``.
    public func admits(_ exercise: Exercise) -> Bool {
        let focused: Bool =
            switch focus {
            case .categories(let categories): categories.contains(exercise.category)
            case .muscles(let muscles): !muscles.isDisjoint(with: exercise.primaryMuscles)
            }
        return focused && allows(exercise)
    }

    /// A session of stretches only: the user chose stretching and nothing else.
    var isStretchingOnly: Bool { focus == .categories([.stretching]) }

    /// The equipment the user chose beyond their body.
    var chosenEquipment: Set<Exercise.Equipment> { equipment.subtracting([.bodyweight]) }
}

/// One exercise of a generated workout: how long it runs, the part and round it belongs to,
/// and the rest that follows it.
public struct WorkoutStep: Equatable, Sendable {
    public enum Part: String, Codable, Sendable, CaseIterable {
        case warmUp = "warm-up"
        case main
        case coolDown = "cool-down"
    }

    public let exercise: Exercise
    public let seconds: Int
    public let part: Part
    /// The round of the main part (1, 2, …); 0 in the warm-up and cool-down.
    public let round: Int
    /// The rest after it; 0 after the last.
    public let restAfter: Int

    public init(exercise: Exercise, seconds: Int, part: Part, round: Int, restAfter: Int) {
        self.exercise = exercise
        self.seconds = seconds
        self.part = part
        self.round = round
        self.restAfter = restAfter
    }
}

/// A generated workout: its exercises in order, each with the rest after it.
public struct GeneratedWorkout: Equatable, Sendable {
    public let steps: [WorkoutStep]
    /// How many of the main part's exercises are at each level: fewer at the chosen level than
    /// in all means the catalogue had too few for these choices, and the Summary says so.
    public let mainLevels: [Exercise.Level: Int]

    /// Exercise time plus every rest.
    public var totalSeconds: Int { steps.reduce(0) { $0 + $1.seconds + $1.restAfter } }
}

/// Builds a workout from a selection, a pure function of the catalogue, the selection and a seed.
///
/// **Shape.** A warm-up, a main part in rounds, and a cool-down:
/// - **Warm-up** (a tenth of the time, 1–5 minutes): 30-second light moves (beginner
///   bodyweight cardio and plyometrics) taking turns with stretches, 10 s between them.
/// - **Main part**: one or more blocks, each of `k` exercises (3–6) done `r` times (2–3
///   rounds). The rest between exercises is 30, 20 or 15 s (beginner, intermediate, expert);
///   between rounds and blocks 60 s. `k`, `r` and the number of blocks are chosen so that a
///   set lasts as near as possible the focus's usual set (``targetSetSeconds``), 20–120 s.
/// - **Cool-down** (as long as the warm-up): 30-second stretches, 10 s between them.
///
/// **Choice.**
/// - The main part's exercises pass every filter (``WorkoutSelection/admits(_:)``) and are not
///   stretches, unless stretching is all the user chose; stretches come only in the warm-up
///   and cool-down, for the main part's muscles first. No exercise comes twice.
/// - The chosen level first, then easier ones; muscles take turns (each next exercise works
///   the muscles used least so far).
/// - Chosen equipment is used: when the user chose equipment, two of every three main
///   exercises need some of it, while there are such exercises.
/// - Nothing is offered that needs equipment the user did not choose (``EquipmentNeeds``).
///
/// **Time.** Every part's length is fixed but the main part's sets, which share what is left
/// to the second: the total, warm-up and rests included, is the chosen duration exactly.
public enum WorkoutGenerator {
    public static let warmUpItemSeconds = 30
    public static let transitionSeconds = 10
    public static let roundRestSeconds = 60
    /// The shortest and longest set.
    public static let setSeconds = 20...120
    /// With too few exercises for rounds, one may run this long (several sets in one).
    public static let longestStepSeconds = 300

    public enum Failure: Error, Equatable {
        /// No exercise passes the filters.
        case noExerciseMatches
        /// Too few exercises pass the filters to fill the duration.
        case tooFewExercises(available: Int)
    }

    /// The rest between exercises of a round, by the chosen level.
    public static func exerciseRestSeconds(_ level: Exercise.Level) -> Int {
        switch level {
        case .beginner: 30
        case .intermediate: 20
        case .expert: 15
        }
    }

    /// The usual set length of a category: about 10 reps at its tempo, a 30 s hold for stretches.
    public static func targetSetSeconds(for category: Exercise.Category) -> Int {
        switch category {
        case .strength, .powerlifting: 45
        case .olympicWeightlifting, .strongman, .plyometrics, .stretching: 30
        case .cardio: 60
        }
    }

    /// The warm-up's (and the cool-down's) share of `total` seconds: a tenth, 1–5 minutes.
    public static func warmUpSeconds(total: Int) -> Int {
        min(max(total / 10, 60), 300)
    }

    public static func generate(from catalogue: [Exercise], selection: WorkoutSelection, seed: UInt64) -> Result<GeneratedWorkout, Failure>
    {
        var random = SeededGenerator(seed: seed)
        let admitted = catalogue.filter(selection.admits).shuffled(using: &random)
        guard !admitted.isEmpty else { return .failure(.noExerciseMatches) }
        let main = selection.isStretchingOnly ? admitted : admitted.filter { $0.category != .stretching }
        guard !main.isEmpty else { return .failure(.tooFewExercises(available: 0)) }
        let total = selection.minutes * 60
        let supportCount = max(2, (warmUpSeconds(total: total) + transitionSeconds) / (warmUpItemSeconds + transitionSeconds))
        let exerciseRest = exerciseRestSeconds(selection.level)
        let category = dominantCategory(of: main)
        // Everything but the main part: the warm-up and cool-down, their change-overs.
        let fixed = 2 * supportCount * (warmUpItemSeconds + transitionSeconds) + transitionSeconds
        guard
            let shape = MainShape.best(
                work: total - fixed, available: main.count, exerciseRest: exerciseRest, target: targetSetSeconds(for: category))
        else { return .failure(.tooFewExercises(available: main.count)) }

        let mainExercises = pickMain(from: main, count: shape.blocks * shape.perBlock, selection: selection)
        let worked = Set(mainExercises.flatMap(\.primaryMuscles))
        let usedIDs = Set(mainExercises.map(\.id))
        let stretches = catalogue.filter { $0.category == .stretching && selection.allows($0) && !usedIDs.contains($0.id) }
            .shuffled(using: &random)
        let forWorked =
            stretches.filter { !worked.isDisjoint(with: $0.primaryMuscles) }
            + stretches.filter { worked.isDisjoint(with: $0.primaryMuscles) }
        let light = catalogue.filter {
            ($0.category == .cardio || $0.category == .plyometrics) && $0.level == .beginner && $0.needs.isEmpty && $0.force != .holding
                && !usedIDs.contains($0.id)
        }.shuffled(using: &random)
        // Warm-up: light moves take turns with stretches; cool-down: the other stretches.
        var warmUp: [Exercise] = []
        var stretchQueue = forWorked[...]
        var lightQueue = light[...]
        for index in 0..<supportCount {
            if index % 2 == 0, let move = lightQueue.popFirst() {
                warmUp.append(move)
            } else if let stretch = stretchQueue.popFirst() {
                warmUp.append(stretch)
            } else if let move = lightQueue.popFirst() {
                warmUp.append(move)
            }
        }
        let coolDown = Array(stretchQueue.prefix(supportCount))
        // The main part's sets share what is left, to the second (more when the catalogue had
        // too few stretches or light moves for the warm-up and cool-down).
        let sets = shape.blocks * shape.perBlock * shape.rounds
        let mainWork =
            total - (warmUp.count + coolDown.count) * (warmUpItemSeconds + transitionSeconds) - shape.restSeconds
            - (coolDown.isEmpty ? 0 : transitionSeconds)
        let share = mainWork / sets, extra = mainWork % sets
        guard (setSeconds.lowerBound...longestStepSeconds).contains(share) else {
            return .failure(.tooFewExercises(available: main.count))
        }

        var steps: [WorkoutStep] = warmUp.map {
            WorkoutStep(exercise: $0, seconds: warmUpItemSeconds, part: .warmUp, round: 0, restAfter: transitionSeconds)
        }
        var setIndex = 0
        for block in 0..<shape.blocks {
            let exercises = mainExercises[(block * shape.perBlock)..<((block + 1) * shape.perBlock)]
            for round in 1...shape.rounds {
                for (position, exercise) in exercises.enumerated() {
                    let lastOfRound = position == exercises.count - 1
                    let lastOfMain = lastOfRound && round == shape.rounds && block == shape.blocks - 1
                    let rest = lastOfMain ? 0 : lastOfRound ? roundRestSeconds : exerciseRest
                    steps.append(
                        WorkoutStep(
                            exercise: exercise, seconds: share + (setIndex < extra ? 1 : 0), part: .main,
                            round: block * shape.rounds + round, restAfter: rest))
                    setIndex += 1
                }
            }
        }
        if !coolDown.isEmpty {
            // The cool-down follows the last set after a short change-over.
            let last = steps.removeLast()
            steps.append(
                WorkoutStep(
                    exercise: last.exercise, seconds: last.seconds, part: last.part, round: last.round, restAfter: transitionSeconds))
            steps += coolDown.map {
                WorkoutStep(exercise: $0, seconds: warmUpItemSeconds, part: .coolDown, round: 0, restAfter: transitionSeconds)
            }
        }
        // Nothing follows the last step.
        let last = steps.removeLast()
        steps.append(
            WorkoutStep(exercise: last.exercise, seconds: last.seconds + last.restAfter, part: last.part, round: last.round, restAfter: 0))
        return .success(
            GeneratedWorkout(steps: steps, mainLevels: Dictionary(grouping: mainExercises, by: \.level).mapValues(\.count)))
    }

    /// The category most of `exercises` belong to (the first in the catalogue's order on a tie).
    static func dominantCategory(of exercises: [Exercise]) -> Exercise.Category {
        let counts = Dictionary(grouping: exercises, by: \.category).mapValues(\.count)
        return Exercise.Category.allCases.max { counts[$0, default: 0] < counts[$1, default: 0] } ?? .strength
    }

    /// `count` distinct exercises for the main part: the chosen level first, muscles taking
    /// turns, and two of every three needing chosen equipment while there are such.
    static func pickMain(from candidates: [Exercise], count: Int, selection: WorkoutSelection) -> [Exercise] {
        let ordered = candidates.filter { $0.level == selection.level } + candidates.filter { $0.level < selection.level }
        let chosen = selection.chosenEquipment
        var withEquipment = chosen.isEmpty ? [] : ordered.filter { !$0.equipmentUsed.isDisjoint(with: chosen) }
        var others = chosen.isEmpty ? ordered : ordered.filter { $0.equipmentUsed.isDisjoint(with: chosen) }
        var picked: [Exercise] = []
        var uses: [Exercise.Muscle: Int] = [:]
        while picked.count < count, !(withEquipment.isEmpty && others.isEmpty) {
            let wantsEquipment = picked.count % 3 != 2
            let fromEquipment = (wantsEquipment && !withEquipment.isEmpty) || others.isEmpty
            let exercise =
                fromEquipment
                ? withEquipment.remove(at: leastUsedIndex(in: withEquipment, uses: uses))
                : others.remove(at: leastUsedIndex(in: others, uses: uses))
            picked.append(exercise)
            for muscle in exercise.primaryMuscles { uses[muscle, default: 0] += 1 }
        }
        return picked
    }

    /// The first exercise in `pool` whose most-used primary muscle is used least of all.
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

/// The main part's shape: blocks of exercises done in rounds.
struct MainShape: Equatable {
    let blocks: Int
    let perBlock: Int
    let rounds: Int
    /// Every rest from the first set to the change-over before the cool-down.
    let restSeconds: Int

    /// The shape whose sets come nearest `target` seconds when `work` seconds (the main part,
    /// its rests included) are shared out, using at most `available` distinct exercises.
    static func best(work: Int, available: Int, exerciseRest: Int, target: Int) -> MainShape? {
        var best: (shape: MainShape, distance: Int)?
        for blocks in 1...12 {
            for perBlock in [5, 4, 6, 3, 2, 1] where blocks * perBlock <= available {
                for rounds in [3, 2, 4, 5, 6] {
                    if perBlock >= 3 && rounds > 3 { continue }
                    let rests =
                        blocks * (rounds * (perBlock - 1) * exerciseRest + (rounds - 1) * WorkoutGenerator.roundRestSeconds)
                        + (blocks - 1) * WorkoutGenerator.roundRestSeconds
                    let sets = blocks * perBlock * rounds
                    let set = (work - rests) / sets
                    guard WorkoutGenerator.setSeconds.contains(set) else { continue }
                    let distance = abs(set - target) + (perBlock < 3 ? 30 : 0)
                    if best == nil || distance < best!.distance {
                        best = (MainShape(blocks: blocks, perBlock: perBlock, rounds: rounds, restSeconds: rests), distance)
                    }
                }
            }
        }
        if let best { return best.shape }
        // Too few exercises for sets of a usual length: each runs longer, in one round.
        guard available > 0 else { return nil }
        let rests = (available - 1) * exerciseRest
        let set = (work - rests) / available
        guard (WorkoutGenerator.setSeconds.lowerBound...WorkoutGenerator.longestStepSeconds).contains(set) else { return nil }
        return MainShape(blocks: 1, perBlock: available, rounds: 1, restSeconds: rests)
    }
}
