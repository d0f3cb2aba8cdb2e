import Foundation
import KineticCore
import Testing

@Suite struct ExerciseCatalogueTests {
    /// The catalogue Kinetic ships: free-exercise-db's and Kinetic's own moves.
    static let shipped: ExerciseCatalogue = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Resources/Exercises")
        return try! ExerciseCatalogue(
            json: Data(contentsOf: folder.appendingPathComponent("exercises.json")),
            additions: [Data(contentsOf: folder.appendingPathComponent("kinetic-exercises.json"))])
    }()

    @Test func theShippedCatalogue_readsWhole() {
        let exercises = Self.shipped.exercises
        #expect(exercises.count == 873 + 11)
        #expect(Set(exercises.map(\.category)) == Set(Exercise.Category.allCases))
        #expect(
            exercises.filter { $0.equipment == .bodyweight }.count == 111 + 77 + 11,
            "'body only' and no equipment are both bodyweight, and Kinetic's own moves")
        #expect(exercises.allSatisfy { !$0.primaryMuscles.isEmpty })
        #expect(Self.shipped.exercise(id: "3_4_Sit-Up")?.primaryMuscles == [.abdominals])
    }

    @Test func everyExerciseWithReps_locksToASongIn115To140BPM() {
        for exercise in Self.shipped.exercises {
            let tempo = exercise.tempo
            if exercise.category == .stretching || exercise.force == .holding {
                #expect(tempo.targetBPM == nil, "\(exercise.id) is held")
            } else if let target = tempo.targetBPM {
                #expect(ExerciseTempo.preferredBPM.contains(target), "\(exercise.id): \(target) BPM")
            } else {
                Issue.record("\(exercise.id) has reps but no target tempo")
            }
        }
    }

    @Test func theTable_followsItsAnchors() {
        func exercise(_ category: Exercise.Category, _ level: Exercise.Level, _ mechanic: Exercise.Mechanic? = .compound) -> Exercise {
            Exercise(id: "x", name: "X", category: category, level: level, equipment: .bodyweight, mechanic: mechanic, primaryMuscles: [])
        }
        #expect(ExerciseTempo.of(exercise(.strength, .beginner)) == ExerciseTempo(repsPerMinute: 15, beatsPerRep: 8))
        #expect(ExerciseTempo.of(exercise(.strength, .intermediate)).targetBPM == 136)
        #expect(ExerciseTempo.of(exercise(.strength, .beginner, .isolation)).targetBPM == 144)
        #expect(ExerciseTempo.of(exercise(.powerlifting, .expert, .isolation)) == ExerciseTempo(repsPerMinute: 24, beatsPerRep: 6))
        #expect(ExerciseTempo.of(exercise(.plyometrics, .intermediate)).targetBPM == 135)
        #expect(ExerciseTempo.of(exercise(.cardio, .expert)).targetBPM == 140)
        #expect(ExerciseTempo.of(exercise(.olympicWeightlifting, .expert)) == ExerciseTempo(repsPerMinute: 10, beatsPerRep: 12))
        #expect(ExerciseTempo.of(exercise(.stretching, .beginner)).targetBPM == nil)
    }

    /// A measured rate sets the pace, within its bounds, and beats per rep stay: a faster rate
    /// is faster music.
    @Test func aMeasuredRate_setsThePace_andFasterIsFasterMusic() {
        let squat = Exercise(
            id: "squat", name: "Bodyweight Squat", category: .strength, level: .beginner, equipment: .bodyweight, mechanic: .compound,
            primaryMuscles: [.quadriceps])
        #expect(ExerciseTempo.of(squat, measuredRate: 18) == ExerciseTempo(repsPerMinute: 18, beatsPerRep: 8))
        #expect(ExerciseTempo.of(squat, measuredRate: 18).targetBPM! > ExerciseTempo.of(squat, measuredRate: 16).targetBPM!)
        #expect(ExerciseTempo.of(squat, measuredRate: 2).repsPerMinute == 10, "at least 0.6 × 15, and 80 BPM ÷ 8")
        #expect(ExerciseTempo.of(squat, measuredRate: 90).repsPerMinute == 22, "at most 180 BPM ÷ 8")
        #expect(ExerciseTempo.of(squat, measuredRate: .nan) == ExerciseTempo.of(squat))
    }

    /// The tempos of the catalogue's timed exercises are not one: a strength workout changes tempo.
    @Test func theCatalogue_hasManyTempos() {
        let strength = Set(Self.shipped.exercises.filter { $0.category == .strength }.compactMap(\.tempo.targetBPM))
        #expect(strength.count >= 5, "\(strength.sorted())")
    }

    @Test func aDuplicateID_isRefused() {
        let json = Data(
            #"[{"id":"a","name":"A","category":"cardio","level":"beginner","equipment":null,"mechanic":null,"primaryMuscles":["calves"]},{"id":"a","name":"B","category":"cardio","level":"beginner","primaryMuscles":["calves"]}]"#
                .utf8)
        #expect(throws: ExerciseCatalogue.CatalogueError.duplicateID("a")) { try ExerciseCatalogue(json: json) }
    }
}
