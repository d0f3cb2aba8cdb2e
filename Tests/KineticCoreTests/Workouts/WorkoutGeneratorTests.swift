import KineticCore
import Testing

@Suite struct WorkoutGeneratorTests {
    private let catalogue = ExerciseCatalogueTests.shipped.exercises

    /// A random selection: categories or muscles (never both), some equipment, a level and a duration.
    private func randomSelection(_ random: inout SeededGenerator) -> WorkoutSelection {
        let focus: WorkoutSelection.Focus =
            Bool.random(using: &random)
            ? .categories(Set(Exercise.Category.allCases.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))))
            : .muscles(Set(Exercise.Muscle.allCases.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random))))
        let equipment = Set(Exercise.Equipment.allCases.shuffled(using: &random).prefix(Int.random(in: 0...5, using: &random)))
        return WorkoutSelection(
            focus: focus, equipment: equipment, level: Exercise.Level.allCases.randomElement(using: &random)!,
            minutes: WorkoutSelection.durations.randomElement(using: &random)!
        )
    }

    @Test func thousandsOfSelections_keepEveryRule() {
        var random = SeededGenerator(seed: 2027)
        var generated = 0, tooNarrow = 0
        for round in 0..<3_000 {
            let selection = randomSelection(&random)
            switch WorkoutGenerator.generate(from: catalogue, selection: selection, seed: UInt64(round)) {
            case .success(let workout):
                generated += 1
                let steps = workout.steps
                let main = steps.filter { $0.part == .main }
                let mainExercises = main.map(\.exercise).uniqued()
                // Time: the chosen duration to the second, warm-up and rests included.
                #expect(abs(workout.totalSeconds - selection.minutes * 60) <= 5, "round \(round): \(workout.totalSeconds) s")
                #expect(steps.last?.restAfter == 0)
                #expect(
                    main.allSatisfy { (WorkoutGenerator.setSeconds.lowerBound...WorkoutGenerator.longestStepSeconds).contains($0.seconds) })
                // Shape: warm-up, then the main part in rounds, then the cool-down.
                let parts = steps.map(\.part)
                #expect(
                    parts == parts.sorted { WorkoutStep.Part.allCases.firstIndex(of: $0)! < WorkoutStep.Part.allCases.firstIndex(of: $1)! })
                #expect(!main.isEmpty)
                let rounds = Dictionary(grouping: main, by: \.round)
                for exercise in mainExercises {
                    let times = main.filter { $0.exercise.id == exercise.id }.count
                    #expect(times == main.count / mainExercises.count, "round \(round): \(exercise.name) \(times) times")
                }
                #expect(rounds.values.allSatisfy { Set($0.map(\.exercise.id)).count == $0.count }, "an exercise twice in a round")
                // Choice: the filters, no exercise in two places, stretches at the ends.
                #expect(
                    mainExercises.allSatisfy {
                        selection.admits($0) || (workout.cardioFromJumps && $0.category == .plyometrics && selection.allows($0))
                    }, "round \(round): a main exercise outside the filters")
                #expect(steps.allSatisfy { selection.allows($0.exercise) }, "round \(round): needs what was not chosen, or too hard")
                let parted = Dictionary(grouping: steps, by: \.part).mapValues { Set($0.map(\.exercise.id)) }
                #expect(parted[.warmUp, default: []].isDisjoint(with: parted[.main, default: []]))
                #expect(parted[.coolDown, default: []].isDisjoint(with: parted[.main, default: []].union(parted[.warmUp, default: []])))
                if selection.focus != .categories([.stretching]) {
                    #expect(main.allSatisfy { $0.exercise.category != .stretching }, "round \(round): a stretch in the main part")
                }
                #expect(steps.filter { $0.part == .coolDown }.allSatisfy { $0.exercise.category == .stretching })
                // Chosen equipment: two of every three while there are such exercises.
                let chosen = selection.equipment.subtracting([.bodyweight])
                if !chosen.isEmpty {
                    let usable = catalogue.filter {
                        selection.admits($0) && ($0.category != .stretching || selection.focus == .categories([.stretching]))
                            && !$0.equipmentUsed.isDisjoint(with: chosen)
                    }.count
                    let using = mainExercises.filter { !$0.equipmentUsed.isDisjoint(with: chosen) }.count
                    let slots = mainExercises.count - mainExercises.count / 3
                    #expect(using >= min(usable, slots), "round \(round): \(using) of \(mainExercises.count) use \(chosen)")
                }
                #expect(workout.mainLevels.values.reduce(0, +) == mainExercises.count)
            case .failure(.noExerciseMatches):
                #expect(!catalogue.contains(where: selection.admits), "round \(round): said nothing matches")
            case .failure(.tooFewExercises(let available)):
                tooNarrow += 1
                #expect(available < 12, "round \(round): \(available) exercises could have filled \(selection.minutes) min")
            }
        }
        #expect(generated > 2_000, "most random selections make a workout (\(generated), \(tooNarrow) too narrow)")
    }

    @Test func theSameSeed_givesTheSameWorkout_andAnotherSeedAnother() throws {
        let selection = WorkoutSelection(focus: .categories([.strength]), equipment: [.dumbbell], level: .intermediate, minutes: 20)
        let first = try WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 7).get()
        #expect(first == (try WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 7).get()))
        #expect(first != (try WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 8).get()))
    }

    /// The audit's workout: 20 minutes of dumbbell strength. Now a warm-up, rounds of a few
    /// exercises, a cool-down; dumbbells in most of the main part; more than one tempo.
    @Test func twentyMinutesOfDumbbellStrength_isTraining() throws {
        let selection = WorkoutSelection(focus: .categories([.strength]), equipment: [.dumbbell], level: .beginner, minutes: 20)
        let workout = try WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 3).get()
        #expect(workout.totalSeconds == 1_200)
        let main = workout.steps.filter { $0.part == .main }
        let exercises = main.map(\.exercise).uniqued()
        #expect((3...6).contains(exercises.count) || exercises.count % 4 == 0 || exercises.count % 5 == 0)
        #expect(Set(main.map(\.round)).count >= 2, "rounds")
        #expect(workout.steps.first?.part == .warmUp && workout.steps.last?.part == .coolDown)
        #expect(exercises.filter { $0.equipmentUsed.contains(.dumbbell) }.count * 2 > exercises.count, "dumbbells in most")
        #expect(Set(exercises.compactMap(\.tempo.targetBPM)).count >= 2, "more than one tempo")
    }

    @Test func theChosenLevel_comesBeforeEasierOnes_andTheLevelsAreCounted() throws {
        let selection = WorkoutSelection(
            focus: .categories([.strength]), equipment: Set(Exercise.Equipment.allCases), level: .intermediate, minutes: 15)
        let workout = try WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 1).get()
        #expect(workout.steps.filter { $0.part == .main }.allSatisfy { $0.exercise.level == .intermediate })
        let expert = WorkoutSelection(focus: .categories([.cardio, .plyometrics]), equipment: [], level: .expert, minutes: 30)
        let easier = try WorkoutGenerator.generate(from: catalogue, selection: expert, seed: 1).get()
        #expect(
            easier.mainLevels[.expert, default: 0] <= 1 && easier.mainLevels.values.reduce(0, +) > 1,
            "the catalogue has one expert cardio move and no expert plyometrics: easier ones fill the workout, counted")
    }

    /// The audit: Expert dumbbell strength (no expert moves) got 10 beginner and 2 intermediate
    /// sets while 37 intermediate ones exist. The nearest easier level comes first.
    @Test func aLevelTheCatalogueLacks_fallsToTheNearestOne() throws {
        let expert = WorkoutSelection(focus: .categories([.strength]), equipment: [.dumbbell], level: .expert, minutes: 20)
        #expect(
            !catalogue.contains {
                $0.category == .strength && $0.level == .expert && $0.canBeDone(with: [.dumbbell]) && $0.needs == [[.dumbbell]]
            })
        for seed in UInt64(0)..<10 {
            let workout = try WorkoutGenerator.generate(from: catalogue, selection: expert, seed: seed).get()
            let main = workout.steps.filter { $0.part == .main }.map(\.exercise)
            let intermediate = main.filter { $0.level == .intermediate }.count, beginner = main.filter { $0.level == .beginner }.count
            #expect(intermediate > 0 && beginner == 0, "seed \(seed): \(workout.mainLevels)")
        }
    }

    /// Conditioning works longer and rests less as the difficulty rises; every exercise goes at
    /// the chosen difficulty's pace, and each round of a block 5 % faster than the one before.
    @Test func workRestAndPace_followTheFocusAndTheDifficulty() throws {
        func restShare(_ level: Exercise.Level) throws -> Double {
            let selection = WorkoutSelection(focus: .categories([.plyometrics]), equipment: [], level: level, minutes: 30)
            let main = try WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 3).get().steps.filter { $0.part == .main }
            let work = main.reduce(0) { $0 + $1.seconds }, rest = main.reduce(0) { $0 + $1.restAfter }
            return Double(rest) / Double(work + rest)
        }
        let (beginner, expert) = (try restShare(.beginner), try restShare(.expert))
        #expect(beginner > 0.4 && expert < 0.3 && expert < beginner, "rest share \(beginner) → \(expert)")
        #expect(WorkoutGenerator.intervals(for: .plyometrics, level: .expert).setSeconds == 45)
        #expect(WorkoutGenerator.intervals(for: .strength, level: .beginner).exerciseRestSeconds == 30)

        let jump = try #require(catalogue.first { $0.id == "Star_Jump" })
        #expect(jump.level == .beginner && ExerciseTempo.of(jump).targetBPM == 120)
        #expect(ExerciseTempo.of(jump, level: .expert).repsPerMinute == 50, "an expert workout goes at the expert pace")
        #expect(ExerciseTempo.of(jump).faster(by: WorkoutGenerator.paceFactor(round: 3)).repsPerMinute == 44)
        let selection = WorkoutSelection(focus: .categories([.plyometrics]), equipment: [], level: .intermediate, minutes: 20)
        let workout = try WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 9).get()
        let plan = WorkoutPlan(workout, library: [])
        let main = zip(workout.steps, plan.steps).filter { $0.0.part == .main && $0.1.repsPerMinute != nil }
        let tempos = Set(main.compactMap(\.1.targetBPM))
        #expect(tempos.count >= 2, "not one tempo throughout: \(tempos.sorted())")
    }

    /// The audit: "Cardio" with no equipment gave 0–2 cardio sets (the catalogue has one
    /// bodyweight cardio move). Kinetic's own moves (running in place, fast feet, shadow boxing…)
    /// and jumping moves make cardio intervals, and the workout says so.
    @Test func cardioWithoutEquipment_isCardioFromWhatThereIs_andSaysSo() throws {
        for level in Exercise.Level.allCases {
            let selection = WorkoutSelection(focus: .categories([.cardio]), equipment: [], level: level, minutes: 30)
            let workout = try WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 4).get()
            let main = workout.steps.filter { $0.part == .main }.map(\.exercise)
            let distinct = Set(main.map(\.id))
            let cardio = catalogue.filter { $0.category == .cardio && $0.needs.isEmpty && $0.level <= level }
            #expect(workout.cardioFromJumps, "\(level)")
            #expect(
                distinct.filter { id in cardio.contains { $0.id == id } }.count >= min(cardio.count, distinct.count / 2),
                "\(level): every cardio move there is, taking turns with jumps: \(main.map(\.name))")
            #expect(main.allSatisfy { $0.needs.isEmpty && [.cardio, .plyometrics].contains($0.category) })
        }
        let machines = WorkoutSelection(focus: .categories([.cardio]), equipment: [.machine], level: .intermediate, minutes: 30)
        let withMachines = try WorkoutGenerator.generate(from: catalogue, selection: machines, seed: 4).get()
        #expect(
            !withMachines.cardioFromJumps && withMachines.steps.filter { $0.part == .main }.allSatisfy { $0.exercise.category == .cardio })
    }

    @Test func nothingNeedingABarOrBench_forSomeoneWithout() throws {
        let selection = WorkoutSelection(focus: .categories([.strength]), equipment: [], level: .expert, minutes: 60)
        for seed in 0..<20 {
            let workout = try WorkoutGenerator.generate(from: catalogue, selection: selection, seed: UInt64(seed)).get()
            #expect(workout.steps.allSatisfy { $0.exercise.needs.isEmpty }, "\(workout.steps.map(\.exercise.name))")
        }
    }

    @Test func aSelectionNothingMatches_isSaid() {
        let selection = WorkoutSelection(focus: .muscles([.neck]), equipment: [], level: .beginner, minutes: 60)
        let result = WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 1)
        guard case .failure(let failure) = result else {
            Issue.record("60 minutes of neck exercises")
            return
        }
        if case .tooFewExercises(let available) = failure {
            #expect(available <= catalogue.filter(selection.admits).count)
        }
    }
}

extension Array where Element == Exercise {
    /// The exercises in order of first appearance, each once.
    func uniqued() -> [Exercise] {
        var seen = Set<String>()
        return filter { seen.insert($0.id).inserted }
    }
}
