import KineticCore
import Vapor

/// An exercise as the API returns it: the catalogue's fields and the tempo Kinetic plays it at;
/// its name and instructions in the request's language where they are translated (`language`
/// says which).
struct ExerciseDTO: Content {
    let id: String
    let name: String
    let language: String
    let category: String
    let difficulty: String
    let equipment: String
    /// Everything it needs, each group met by one of its items (a bench or a box).
    let needs: [[String]]
    @NullEncoded var mechanic: String?
    @NullEncoded var force: String?
    let primaryMuscles: [String]
    let secondaryMuscles: [String]
    let instructions: [String]
    /// Repetitions a minute at the table's pace (``ExerciseTempo``); null for a held exercise.
    @NullEncoded var repsPerMinute: Int?
    @NullEncoded var beatsPerRep: Int?
    /// The song tempo that locks to the movement; null for a held stretch.
    @NullEncoded var targetBPM: Int?

    init(_ exercise: Exercise, l: Localizer) {
        id = exercise.id
        name = l.exerciseName(exercise)
        language = l.exerciseLanguage(exercise).rawValue
        category = exercise.category.rawValue
        difficulty = exercise.level.rawValue
        equipment = exercise.equipment.rawValue
        needs = exercise.needs.map { $0.map(\.rawValue).sorted() }
        mechanic = exercise.mechanic?.rawValue
        force = exercise.force?.rawValue
        primaryMuscles = exercise.primaryMuscles.map(\.rawValue)
        secondaryMuscles = exercise.secondaryMuscles.map(\.rawValue)
        instructions = l.exerciseInstructions(exercise)
        let tempo = exercise.tempo
        repsPerMinute = tempo.repsPerMinute
        beatsPerRep = tempo.beatsPerRep
        targetBPM = tempo.targetBPM
    }
}
