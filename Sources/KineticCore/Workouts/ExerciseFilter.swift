import Foundation

/// The filters of `GET /api/v1/exercises`: each a comma-separated list of names (any of them
/// matches), all optional; unknown names are a field error each.
public struct ExerciseFilter: Equatable, Sendable {
    public var categories: Set<Exercise.Category> = []
    public var muscles: Set<Exercise.Muscle> = []
    public var equipment: Set<Exercise.Equipment> = []
    public var levels: Set<Exercise.Level> = []

    public init() {}

    /// Reads `category`, `muscle` (a primary muscle), `equipment` and `difficulty` from a query.
    public static func parse(_ query: [String: String]) -> Result<ExerciseFilter, FieldErrors> {
        var filter = ExerciseFilter()
        var errors = FieldErrors()
        func names<Value: RawRepresentable & Hashable>(_ field: String, _ key: String) -> Set<Value> where Value.RawValue == String {
            guard let text = query[field] else { return [] }
            let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let read = Value.named(names)
            if !read.unknownAt.isEmpty { errors.add(field, key) }
            return read.values
        }
        filter.categories = names("category", "error.workout.categoryUnknown")
        filter.muscles = names("muscle", "error.workout.muscleUnknown")
        filter.equipment = names("equipment", "error.workout.equipmentUnknown")
        filter.levels = names("difficulty", "error.workout.difficultyUnknown")
        return errors.isEmpty ? .success(filter) : .failure(errors)
    }

    /// Whether `exercise` passes every filter that is set.
    public func admits(_ exercise: Exercise) -> Bool {
        (categories.isEmpty || categories.contains(exercise.category))
            && (muscles.isEmpty || !muscles.isDisjoint(with: exercise.primaryMuscles))
            && (equipment.isEmpty || equipment.contains(exercise.equipment) || !equipment.isDisjoint(with: exercise.equipmentUsed))
            && (levels.isEmpty || levels.contains(exercise.level))
    }
}
