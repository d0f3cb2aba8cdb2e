import KineticCore
import Vapor

/// An exercise as the API returns it: the catalogue's fields and the tempo Kinetic plays it at.
struct ExerciseDTO: Content {
    let id: String
    let name: String
    let category: String
    let difficulty: String
    let equipment: String
    @NullEncoded var mechanic: String?
    let primaryMuscles: [String]
    let secondaryMuscles: [String]
    let instructions: [String]
    /// Repetitions a minute; null for a held stretch.
    @NullEncoded var repsPerMinute: Int?
    @NullEncoded var beatsPerRep: Int?
    /// The song tempo that locks to the movement; null for a held stretch.
    @NullEncoded var targetBPM: Int?

    init(_ exercise: Exercise) {
        id = exercise.id
        name = exercise.name
        category = exercise.category.rawValue
        difficulty = exercise.level.rawValue
        equipment = exercise.equipment.rawValue
        mechanic = exercise.mechanic?.rawValue
        primaryMuscles = exercise.primaryMuscles.map(\.rawValue)
        secondaryMuscles = exercise.secondaryMuscles.map(\.rawValue)
        instructions = exercise.instructions
        let tempo = exercise.tempo
        repsPerMinute = tempo.repsPerMinute
        beatsPerRep = tempo.beatsPerRep
        targetBPM = tempo.targetBPM
    }
}
