/// Which exercises a fitness test tests (the seed's getFitnessTest): the ones the user picked,
/// then as many more of the category as the test should have, first from the user's tracked
/// exercises, then from the category's bodyweight exercises (a phone in the hand or pocket
/// suits those best), then any other; the same seed gives the same list.
///
/// Only exercises with a rep tempo can be tested: a held stretch has no rate. Nothing the
/// test adds or suggests needs equipment the user did not say they have (``EquipmentNeeds``);
/// an exercise the user picked is theirs to choose.
public enum FitnessTestPlan {
    /// How many exercises one test may have.
    public static let counts = 1...10

    /// The categories a test can be of: every category with a rep tempo.
    public static let categories = Exercise.Category.allCases.filter { $0 != .stretching }

    /// Whether `exercise` can be tested.
    public static func isTestable(_ exercise: Exercise) -> Bool { exercise.tempo.repsPerMinute != nil }

    /// The exercises to test, in order: `picked` (already checked to be testable exercises of
    /// `category`), then `tracked`, then the category's others, up to `count`; what is added
    /// needs nothing beyond `equipment`.
    public static func exercises(
        category: Exercise.Category, count: Int, picked: [Exercise], tracked: [Exercise], equipment: Set<Exercise.Equipment>,
        catalogue: ExerciseCatalogue, seed: UInt64
    ) -> [Exercise] {
        var chosen: [Exercise] = []
        var ids = Set<String>()
        func add(_ exercise: Exercise) {
            guard chosen.count < count, exercise.category == category, isTestable(exercise), ids.insert(exercise.id).inserted else {
                return
            }
            chosen.append(exercise)
        }
        picked.forEach(add)
        tracked.filter { $0.canBeDone(with: equipment) }.forEach(add)
        var generator = SeededGenerator(seed: seed)
        let others = catalogue.exercises.filter {
            $0.category == category && isTestable($0) && !ids.contains($0.id) && $0.canBeDone(with: equipment)
        }
        let bodyweight = others.filter(\.needs.isEmpty).shuffled(using: &generator)
        let rest = others.filter { !$0.needs.isEmpty }.shuffled(using: &generator)
        (bodyweight + rest).forEach(add)
        return chosen
    }

    /// Suggestions to pick from besides the tracked exercises: the category's exercises that
    /// need nothing beyond `equipment`, those that use some of it first, then easiest first,
    /// then by name.
    public static func suggestions(
        category: Exercise.Category, equipment: Set<Exercise.Equipment>, catalogue: ExerciseCatalogue, limit: Int
    ) -> [Exercise] {
        catalogue.exercises
            .filter { $0.category == category && isTestable($0) && $0.canBeDone(with: equipment) }
            .sorted { ($0.needs.isEmpty ? 1 : 0, $0.level, $0.name) < ($1.needs.isEmpty ? 1 : 0, $1.level, $1.name) }
            .prefix(limit).map { $0 }
    }
}
