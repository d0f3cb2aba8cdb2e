import Foundation
import KineticCore
import Vapor

extension Application {
    private struct ExercisesKey: StorageKey { typealias Value = ExerciseCatalogue }

    /// The exercise catalogue, read once at start-up from `Resources/Exercises/exercises.json`.
    var exerciseCatalogue: ExerciseCatalogue {
        get { storage.configured(ExercisesKey.self, "the exercise catalogue") }
        set { storage[ExercisesKey.self] = newValue }
    }

    /// Reads the catalogue; called once by `configure(_:_:)`.
    func loadExerciseCatalogue() throws {
        exerciseCatalogue = try ExerciseCatalogue(json: resourceData("Exercises/exercises.json", "the exercise catalogue"))
    }
}
