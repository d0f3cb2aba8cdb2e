import Foundation
import KineticCore
import Testing

@Suite struct ExerciseCatalogueTests {
    /// The catalogue Kinetic ships.
    static let shipped: ExerciseCatalogue = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Resources/Exercises/exercises.json")
        return try! ExerciseCatalogue(json: Data(contentsOf: url))
    }()

    @Test func theShippedCatalogue_readsWhole() {
        let exercises = Self.shipped.exercises
        #expect(exercises.count == 873)
        #expect(Set(exercises.map(\.category)) == Set(Exercise.Category.allCases))
        #expect(exercises.filter { $0.equipment == .bodyweight }.count == 111 + 77, "'body only' and no equipment are both bodyweight")
        #expect(exercises.allSatisfy { !$0.primaryMuscles.isEmpty })
        #expect(Self.shipped.exercise(id: "3_4_Sit-Up")?.primaryMuscles == [.abdominals])
    }

    @Test func everyExerciseWithReps_locksToASongIn115To140BPM() {
        for exercise in Self.shipped.exercises {
            let tempo = exercise.tempo
            if exercise.category == .stretching {
                #expect(tempo.targetBPM == nil, "\(exercise.id) is held")
            } else if let target = tempo.targetBPM {
                #expect(ExerciseTempo.preferredBPM.contains(target), "\(exercise.id): \(target) BPM")
            } else {
                Issue.record("\(exercise.id) has reps but no target tempo")
            }
        }
    }

    @Test func theTable_followsItsAnchors() {
        #expect(ExerciseTempo.forExercise(category: .strength, level: .beginner) == ExerciseTempo(repsPerMinute: 15, beatsPerRep: 8))
        #expect(ExerciseTempo.forExercise(category: .powerlifting, level: .expert).repsPerMinute == 20)
        #expect(ExerciseTempo.forExercise(category: .plyometrics, level: .intermediate).targetBPM == 135)
        #expect(ExerciseTempo.forExercise(category: .cardio, level: .expert).targetBPM == 140)
    }

    @Test func aDuplicateID_isRefused() {
        let json = Data(
            #"[{"id":"a","name":"A","category":"cardio","level":"beginner","equipment":null,"mechanic":null,"primaryMuscles":["calves"]},{"id":"a","name":"B","category":"cardio","level":"beginner","primaryMuscles":["calves"]}]"#
                .utf8)
        #expect(throws: ExerciseCatalogue.CatalogueError.duplicateID("a")) { try ExerciseCatalogue(json: json) }
    }
}
