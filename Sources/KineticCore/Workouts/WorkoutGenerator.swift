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
    /// How much faster than its pace it is done (``WorkoutGenerator/paceFactor(round:)``).
    public let paceFactor: Double

    public init(exercise: Exercise, seconds: Int, part: Part, round: Int, restAfter: Int, paceFactor: Double = 1) {
        self.exercise = exercise
        self.seconds = seconds
        self.part = part
        self.round = round
        self.restAfter = restAfter
        self.paceFactor = paceFactor
    }
}

/// A generated workout: its exercises in order, each with the rest after it.
public struct GeneratedWorkout: Equatable, Sendable {
    public let steps: [WorkoutStep]
    /// The chosen difficulty: the pace of every exercise (``ExerciseTempo``).
    public let level: Exercise.Level
    /// How many of the main part's exercises are at each level: fewer at the chosen level than
    /// in all means the catalogue had too few for these choices, and the Summary says so.
    public let mainLevels: [Exercise.Level: Int]
    /// Cardio was chosen and the equipment leaves too few cardio moves: jumping moves that need
    /// nothing were done as cardio intervals, and the Summary says so.
    public var cardioFromJumps = false

    /// Exercise time plus every rest.
    public var totalSeconds: Int { steps.reduce(0) { $0 + $1.seconds + $1.restAfter } }
}

/// Builds a workout from a selection, a pure function of the catalogue, the selection and a seed.
///
/// **Shape.** A warm-up, a main part in rounds, and a cool-down:
/// - **Warm-up** (a tenth of the time, 1–5 minutes): 30-second light moves (beginner
///   bodyweight cardio and plyometrics) taking turns with stretches, 10 s between them.
/// - **Main part**: one or more blocks, each of `k` exercises (3–6) done `r` times (2–3
///   rounds), with the work and rests of the focus and the difficulty (``intervals(for:level:)``):
///   `k`, `r` and the number of blocks are chosen so that a set lasts as near as possible the
///   usual set, 20–120 s.
/// - **Cool-down** (as long as the warm-up): 30-second stretches, 10 s between them.
///
/// **Choice.**
/// - The main part's exercises pass every filter (``WorkoutSelection/admits(_:)``) and are not
///   stretches, unless stretching is all the user chose; stretches come only in the warm-up
///   and cool-down, for the main part's muscles first. No exercise comes twice.
/// - The chosen level first, then the nearest easier one, then the easiest; muscles take turns
///   (each next exercise works the muscles used least so far).
/// - Chosen equipment is used: when the user chose equipment, two of every three main
///   exercises need some of it, while there are such exercises.
/// - Nothing is offered that needs equipment the user did not choose (``EquipmentNeeds``).
/// - Cardio chosen without plyometrics, where the equipment leaves fewer than
///   ``fewestCardioMoves`` cardio moves (without machines: running in place, fast feet, shadow
///   boxing…), takes every cardio move there is, taking turns with jumping moves that need
///   nothing, as intervals, and says so (``GeneratedWorkout/cardioFromJumps``).
///
/// **Pace.** Within a block, each round is done faster than the one before (``paceFactor(round:)``):
/// the music follows, so a block builds.
///
/// **Time.** Every part's length is fixed but the main part's sets, which share what is left
/// to the second: the total, warm-up and rests included, is the chosen duration exactly.
public enum WorkoutGenerator {
    public static let warmUpItemSeconds = 30
    public static let transitionSeconds = 10
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

    /// How a main part works and rests: the usual set, the rest between exercises, the rest
    /// between rounds and blocks.
    public struct Intervals: Equatable, Sendable {
        public let setSeconds: Int
        public let exerciseRestSeconds: Int
        public let roundRestSeconds: Int
    }

    /// The work and rests of a main part by its focus (the category most of its exercises
    /// belong to) and the chosen difficulty. Resistance sets last about ten reps; conditioning
    /// (plyometrics, cardio) works longer and rests less as the difficulty rises, from 1:1 to
    /// 3:1 for jumps (the usual interval ratios for beginners to the trained).
    ///
    /// | focus | beginner | intermediate | expert |
    /// |---|---|---|---|
    /// | strength, powerlifting | 45 s, 30 s rest, 60 s between rounds | 45 s, 20 s, 60 s | 45 s, 15 s, 60 s |
    /// | olympic weightlifting, strongman | 30 s, 30 s, 60 s | 30 s, 20 s, 60 s | 30 s, 15 s, 60 s |
    /// | plyometrics | 30 s, 30 s, 60 s | 40 s, 20 s, 45 s | 45 s, 15 s, 30 s |
    /// | cardio | 60 s, 30 s, 60 s | 60 s, 20 s, 45 s | 75 s, 15 s, 30 s |
    /// | stretching | 30 s holds, 10 s, 30 s | the same | the same |
    public static func intervals(for category: Exercise.Category, level: Exercise.Level) -> Intervals {
        let step = Exercise.Level.allCases.firstIndex(of: level) ?? 0
        let (sets, rests, rounds): ([Int], [Int], [Int]) =
            switch category {
            case .strength, .powerlifting: ([45, 45, 45], [30, 20, 15], [60, 60, 60])
            case .olympicWeightlifting, .strongman: ([30, 30, 30], [30, 20, 15], [60, 60, 60])
            case .plyometrics: ([30, 40, 45], [30, 20, 15], [60, 45, 30])
            case .cardio: ([60, 60, 75], [30, 20, 15], [60, 45, 30])
            case .stretching: ([30, 30, 30], [10, 10, 10], [30, 30, 30])
            }
        return Intervals(setSeconds: sets[step], exerciseRestSeconds: rests[step], roundRestSeconds: rounds[step])
    }

    /// How much faster than its pace an exercise is done in the `round`th round of its block
    /// (1, 2, …): 5 % more each round, so three rounds go at 1, 1.05 and 1.1 times the pace.
    public static func paceFactor(round: Int) -> Double { 1 + 0.05 * Double(max(0, round - 1)) }

    /// The warm-up's (and the cool-down's) share of `total` seconds: a tenth, 1–5 minutes.
    public static func warmUpSeconds(total: Int) -> Int {
        min(max(total / 10, 60), 300)
    }

    /// The fewest cardio moves a cardio workout is made of before jumping moves join them.
    public static let fewestCardioMoves = 8

    public static func generate(from catalogue: [Exercise], selection: WorkoutSelection, seed: UInt64) -> Result<GeneratedWorkout, Failure>
    {
        var random = SeededGenerator(seed: seed)
        var chosen = catalogue.filter(selection.admits)
        var cardioFromJumps = false
        if case .categories(let categories) = selection.focus, categories.contains(.cardio), !categories.contains(.plyometrics),
            chosen.filter({ $0.category == .cardio }).count < fewestCardioMoves
        {
            chosen += catalogue.filter { $0.category == .plyometrics && $0.needs.isEmpty && $0.force != .holding && selection.allows($0) }
            cardioFromJumps = true
        }
        let admitted = chosen.shuffled(using: &random)
        guard !admitted.isEmpty else { return .failure(.noExerciseMatches) }
        let main = selection.isStretchingOnly ? admitted : admitted.filter { $0.category != .stretching }
        guard !main.isEmpty else { return .failure(.tooFewExercises(available: 0)) }
        let total = selection.minutes * 60
        let supportCount = max(2, (warmUpSeconds(total: total) + transitionSeconds) / (warmUpItemSeconds + transitionSeconds))
        let intervals = intervals(for: dominantCategory(of: main), level: selection.level)
        // Everything but the main part: the warm-up and cool-down, their change-overs.
        let fixed = 2 * supportCount * (warmUpItemSeconds + transitionSeconds) + transitionSeconds
        guard let shape = MainShape.best(work: total - fixed, available: main.count, intervals: intervals)
        else { return .failure(.tooFewExercises(available: main.count)) }

        let count = shape.blocks * shape.perBlock
        var mainExercises = pickMain(from: main, count: count, selection: selection, preferring: cardioFromJumps ? .cardio : nil)
        if cardioFromJumps {
            // Intervals: cardio moves take turns with the rest.
            mainExercises = alternating(mainExercises.filter { $0.category == .cardio }, mainExercises.filter { $0.category != .cardio })
        }
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
                    let rest = lastOfMain ? 0 : lastOfRound ? intervals.roundRestSeconds : intervals.exerciseRestSeconds
                    steps.append(
                        WorkoutStep(
                            exercise: exercise, seconds: share + (setIndex < extra ? 1 : 0), part: .main,
                            round: block * shape.rounds + round, restAfter: rest, paceFactor: paceFactor(round: round)))
                    setIndex += 1
                }
            }
        }
        if !coolDown.isEmpty {
            // The cool-down follows the last set after a short change-over.
            let last = steps.removeLast()
            steps.append(
                WorkoutStep(
                    exercise: last.exercise, seconds: last.seconds, part: last.part, round: last.round, restAfter: transitionSeconds,
                    paceFactor: last.paceFactor))
            steps += coolDown.map {
                WorkoutStep(exercise: $0, seconds: warmUpItemSeconds, part: .coolDown, round: 0, restAfter: transitionSeconds)
            }
        }
        // Nothing follows the last step.
        let last = steps.removeLast()
        steps.append(
            WorkoutStep(
                exercise: last.exercise, seconds: last.seconds + last.restAfter, part: last.part, round: last.round, restAfter: 0,
                paceFactor: last.paceFactor))
        var workout = GeneratedWorkout(
            steps: steps, level: selection.level, mainLevels: Dictionary(grouping: mainExercises, by: \.level).mapValues(\.count))
        workout.cardioFromJumps = cardioFromJumps && mainExercises.contains { $0.category == .plyometrics }
        return .success(workout)
    }

    /// `first` and `second` taking turns, the longer one's rest at the end.
    static func alternating(_ first: [Exercise], _ second: [Exercise]) -> [Exercise] {
        (0..<max(first.count, second.count)).flatMap { index in
            [index < first.count ? first[index] : nil, index < second.count ? second[index] : nil].compactMap { $0 }
        }
    }

    /// The category most of `exercises` belong to (the first in the catalogue's order on a tie).
    static func dominantCategory(of exercises: [Exercise]) -> Exercise.Category {
        let counts = Dictionary(grouping: exercises, by: \.category).mapValues(\.count)
        return Exercise.Category.allCases.max { counts[$0, default: 0] < counts[$1, default: 0] } ?? .strength
    }

    /// `count` distinct exercises for the main part: the chosen level first, then the nearest
    /// easier one, muscles taking turns, and two of every three needing chosen equipment while
    /// there are such; those of the `preferred` category first among each.
    static func pickMain(
        from candidates: [Exercise], count: Int, selection: WorkoutSelection, preferring preferred: Exercise.Category? = nil
    ) -> [Exercise] {
        let ordered = Exercise.Level.allCases.filter { $0 <= selection.level }.reversed().flatMap { level in
            candidates.filter { $0.level == level }
        }
        let chosen = selection.chosenEquipment
        var withEquipment = chosen.isEmpty ? [] : ordered.filter { !$0.equipmentUsed.isDisjoint(with: chosen) }
        var others = chosen.isEmpty ? ordered : ordered.filter { $0.equipmentUsed.isDisjoint(with: chosen) }
        var picked: [Exercise] = []
        var uses: [Exercise.Muscle: Int] = [:]
        /// The next of `pool`: of the preferred category while there are such, muscles taking turns.
        func next(from pool: inout [Exercise]) -> Exercise {
            let preferredIndices = preferred.map { category in pool.indices.filter { pool[$0].category == category } } ?? []
            if !preferredIndices.isEmpty {
                let best = leastUsedIndex(in: preferredIndices.map { pool[$0] }, uses: uses)
                return pool.remove(at: preferredIndices[best])
            }
            return pool.remove(at: leastUsedIndex(in: pool, uses: uses))
        }
        while picked.count < count, !(withEquipment.isEmpty && others.isEmpty) {
            let wantsEquipment = picked.count % 3 != 2
            let fromEquipment = (wantsEquipment && !withEquipment.isEmpty) || others.isEmpty
            let exercise = fromEquipment ? next(from: &withEquipment) : next(from: &others)
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

    /// The shape whose sets come nearest the usual set when `work` seconds (the main part, its
    /// rests included) are shared out with `intervals`' rests, using at most `available`
    /// distinct exercises.
    static func best(work: Int, available: Int, intervals: WorkoutGenerator.Intervals) -> MainShape? {
        let exerciseRest = intervals.exerciseRestSeconds, roundRest = intervals.roundRestSeconds, target = intervals.setSeconds
        var best: (shape: MainShape, distance: Int)?
        for blocks in 1...12 {
            for perBlock in [5, 4, 6, 3, 2, 1] where blocks * perBlock <= available {
                for rounds in [3, 2, 4, 5, 6] {
                    if perBlock >= 3 && rounds > 3 { continue }
                    let rests =
                        blocks * (rounds * (perBlock - 1) * exerciseRest + (rounds - 1) * roundRest) + (blocks - 1) * roundRest
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
