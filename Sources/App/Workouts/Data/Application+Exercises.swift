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
        let path = directory.resourcesDirectory + "Exercises/exercises.json"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(description: "Cannot read the exercise catalogue at \(path)")
        }
        exerciseCatalogue = try ExerciseCatalogue(json: data)
    }
}
