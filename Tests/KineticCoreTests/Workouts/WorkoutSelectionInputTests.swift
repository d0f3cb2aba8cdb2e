import KineticCore
import Testing

@Suite struct WorkoutSelectionInputTests {
    private func validate(_ members: [String: JSONValue]) -> Result<WorkoutSelectionInput.Validated, FieldErrors> {
        WorkoutSelectionInput.validate(members)
    }

    private func strings(_ values: String...) -> JSONValue { .array(values.map(JSONValue.string)) }

    @Test func aCompleteSelection_isRead() throws {
        let validated = try validate([
            "categories": strings("strength", "olympic weightlifting"), "equipment": strings("dumbbell"),
            "difficulty": .string("intermediate"), "duration": .number(30), "themes": strings("a", "b", "a"),
        ]).get()
        #expect(
            validated.selection
                == WorkoutSelection(
                    focus: .categories([.strength, .olympicWeightlifting]), equipment: [.dumbbell], level: .intermediate, minutes: 30))
        #expect(validated.themeIDs == ["a", "b"])
    }

    @Test func categoriesAndMuscles_areNeverBoth_andOneIsNeeded() {
        let both = validate([
            "categories": strings("cardio"), "muscles": strings("calves"), "difficulty": .string("beginner"), "duration": .number(10),
        ])
        #expect(both.failure?.messages == ["categories": "error.workout.focusBoth", "muscles": "error.workout.focusBoth"])
        let neither = validate(["categories": strings(), "difficulty": .string("beginner"), "duration": .number(10)])
        #expect(neither.failure?.messages == ["categories": "error.workout.focusMissing"])
    }

    @Test func everyBadField_hasItsOwnMessage() {
        let result = validate([
            "muscles": strings("calves", "wings"), "equipment": .string("barbell"), "difficulty": .string("heroic"),
            "duration": .number(25), "themes": strings("1", "2", "3", "4", "5", "6"), "colour": .string("red"),
        ])
        #expect(
            result.failure?.messages == [
                "muscles[1]": "error.workout.muscleUnknown", "equipment": "error.field.arrayExpected",
                "difficulty": "error.workout.difficultyUnknown",
                "duration": "error.workout.durationUnknown", "themes": "error.workout.tooManyThemes", "colour": "error.field.unknown",
            ])
    }
}

private extension Result {
    var failure: Failure? { if case .failure(let failure) = self { failure } else { nil } }
}
