import Foundation

/// The exercises a workout is made of, read once from the shipped catalogue.
public struct ExerciseCatalogue: Sendable {
    public let exercises: [Exercise]
    private let byID: [String: Exercise]

    public init(exercises: [Exercise]) {
        self.exercises = exercises
        byID = Dictionary(exercises.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reads free-exercise-db's `exercises.json`, and `additions` in the same shape (Kinetic's own
    /// moves, `kinetic-exercises.json`); a catalogue with a duplicate id is refused.
    public init(json: Data, additions: [Data] = []) throws {
        let exercises = try ([json] + additions).flatMap { try JSONDecoder().decode([Exercise].self, from: $0) }
        var seen = Set<String>()
        for exercise in exercises where !seen.insert(exercise.id).inserted {
            throw CatalogueError.duplicateID(exercise.id)
        }
        self.init(exercises: exercises)
    }

    public func exercise(id: String) -> Exercise? { byID[id] }

    public enum CatalogueError: Error, Equatable {
        case duplicateID(String)
    }
}
