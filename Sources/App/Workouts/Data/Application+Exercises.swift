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
        exerciseCatalogue = try ExerciseCatalogue(json: resourceData(ExerciseCatalogue.resourcePath, "the exercise catalogue"))
    }
}

extension ExerciseCatalogue {
    /// Where the catalogue is, in the resources directory.
    static let resourcePath = "Exercises/exercises.json"

    /// The shipped catalogue, read from the resources directory of the working directory (as
    /// the application finds it): for a migration, which runs without an application.
    static func shipped() throws -> ExerciseCatalogue {
        let path = DirectoryConfiguration.detect().resourcesDirectory + resourcePath
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(description: "Cannot read the exercise catalogue at \(path); run Kinetic from the repository root")
        }
        return try ExerciseCatalogue(json: data)
    }
}
