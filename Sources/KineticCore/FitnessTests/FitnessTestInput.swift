/// A new fitness test as sent (API or form): `{"category": "plyometrics", "count": 3,
/// "exercises": ["Jumping_Jacks"], "equipment": ["box"]}`. `category` is one of
/// ``FitnessTestPlan/categories``, `count` in ``FitnessTestPlan/counts``, `exercises` (optional)
/// at most `count` testable exercises of the category, each named once; `equipment` (optional,
/// none when absent) what the user has, for the exercises the test adds.
public enum FitnessTestInput {
    public struct Validated: Equatable, Sendable {
        public let category: Exercise.Category
        public let count: Int
        public let picked: [Exercise]
        public let equipment: Set<Exercise.Equipment>

        public init(category: Exercise.Category, count: Int, picked: [Exercise], equipment: Set<Exercise.Equipment> = []) {
            self.category = category
            self.count = count
            self.picked = picked
            self.equipment = equipment
        }
    }

    public static func validate(_ members: [String: JSONValue], catalogue: ExerciseCatalogue) -> Result<Validated, FieldErrors> {
        var reader = JSONMemberReader(members, known: ["category", "count", "exercises", "equipment"])
        let category = reader.string("category").flatMap { name -> Exercise.Category? in
            guard let category = Exercise.Category(rawValue: name), FitnessTestPlan.categories.contains(category) else {
                reader.fail("category", "error.fitness.categoryUnknown")
                return nil
            }
            return category
        }
        let count = reader.integer("count").flatMap { count -> Int? in
            guard FitnessTestPlan.counts.contains(count) else {
                reader.fail("count", "error.fitness.countRange")
                return nil
            }
            return count
        }
        var picked: [Exercise] = []
        if members["exercises"] != nil, let ids = reader.strings("exercises", missingKey: "error.field.arrayExpected") {
            for (index, id) in ids.enumerated() {
                guard let exercise = catalogue.exercise(id: id), FitnessTestPlan.isTestable(exercise),
                    category == nil || exercise.category == category
                else {
                    reader.fail("exercises[\(index)]", "error.fitness.exerciseNotTestable")
                    continue
                }
                if !picked.contains(where: { $0.id == id }) { picked.append(exercise) }
            }
            if let count, picked.count > count { reader.fail("exercises", "error.fitness.tooManyPicked") }
        }
        let equipment =
            members["equipment"] == nil
            ? [] : reader.names("equipment", of: Exercise.Equipment.self, unknownKey: "error.workout.equipmentUnknown") ?? []
        return reader.result(
            { () -> Validated? in
                guard let category, let count else { return nil }
                return Validated(category: category, count: count, picked: picked, equipment: equipment)
            }())
    }
}
