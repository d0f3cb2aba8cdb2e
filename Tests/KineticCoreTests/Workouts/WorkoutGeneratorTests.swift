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
        for round in 0..<2_000 {
            let selection = randomSelection(&random)
            switch WorkoutGenerator.generate(from: catalogue, selection: selection, seed: UInt64(round)) {
            case .success(let workout):
                generated += 1
                let exercises = workout.steps.map(\.exercise)
                #expect(exercises.allSatisfy(selection.admits), "round \(round): an exercise outside the filters")
                #expect(Set(exercises.map(\.id)).count == exercises.count, "round \(round): an exercise twice")
                #expect(
                    abs(workout.totalSeconds - selection.minutes * 60) <= 60,
                    "round \(round): \(workout.totalSeconds) s for \(selection.minutes) min")
                #expect(workout.steps.allSatisfy { (15...WorkoutGenerator.longestStepSeconds).contains($0.seconds) })
                #expect(workout.restSeconds == WorkoutGenerator.restSeconds)
                if case .muscles(let muscles) = selection.focus {
                    // Muscles take turns: while a chosen muscle that has exercises is left out, no other muscle comes twice.
                    let worked = exercises.flatMap(\.primaryMuscles)
                    let available = muscles.filter { muscle in
                        catalogue.contains { selection.admits($0) && $0.primaryMuscles.contains(muscle) }
                    }
                    let missing = available.filter { !worked.contains($0) }
                    if !missing.isEmpty { #expect(exercises.count <= available.count, "round \(round): \(missing) left out") }
                }
            case .failure(.noExerciseMatches):
                #expect(!catalogue.contains(where: selection.admits), "round \(round): said nothing matches")
            case .failure(.tooFewExercises(let available)):
                tooNarrow += 1
                #expect(available == catalogue.filter(selection.admits).count)
                #expect(
                    available * WorkoutGenerator.longestStepSeconds + (available - 1) * WorkoutGenerator.restSeconds < selection.minutes
                        * 60 + 60 || available < 3,
                    "round \(round): \(available) exercises could have filled \(selection.minutes) min")
            }
        }
        #expect(generated > 1_300, "most random selections make a workout (\(generated), \(tooNarrow) too narrow)")
    }

    @Test func theSameSeed_givesTheSameWorkout_andAnotherSeedAnother() throws {
        let selection = WorkoutSelection(focus: .categories([.strength]), equipment: [.dumbbell], level: .intermediate, minutes: 20)
        let first = try WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 7).get()
        #expect(first == (try WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 7).get()))
        #expect(first != (try WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 8).get()))
    }

    @Test func theChosenLevel_comesBeforeEasierOnes() throws {
        let selection = WorkoutSelection(
            focus: .categories([.strength]), equipment: Set(Exercise.Equipment.allCases), level: .intermediate, minutes: 15)
        let workout = try WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 1).get()
        #expect(workout.steps.allSatisfy { $0.exercise.level == .intermediate }, "190 intermediate strength exercises fill 15 minutes")
    }

    @Test func aSelectionNothingMatches_isSaid() {
        let selection = WorkoutSelection(focus: .muscles([.neck]), equipment: [], level: .beginner, minutes: 60)
        let result = WorkoutGenerator.generate(from: catalogue, selection: selection, seed: 1)
        guard case .failure(let failure) = result else {
            Issue.record("60 minutes of neck exercises")
            return
        }
        #expect([.noExerciseMatches, .tooFewExercises(available: catalogue.filter(selection.admits).count)].contains(failure))
    }
}
