import KineticCore
import Testing

/// The rule that reads a bar, a bench or a box from an exercise's name and set-up, over the
/// shipped catalogue.
@Suite struct EquipmentNeedsTests {
    private let catalogue = ExerciseCatalogueTests.shipped

    private func needs(_ name: String) throws -> [Set<Exercise.Equipment>] {
        try #require(catalogue.exercises.first { $0.name == name }, "\(name) is in the catalogue").needs
    }

    @Test func bodyOnlyExercises_thatNeedSomething_sayWhat() throws {
        #expect(try needs("Chin-Up") == [[.pullUpBar]])
        #expect(try needs("Pullups") == [[.pullUpBar]])
        #expect(try needs("Hanging Leg Raise") == [[.pullUpBar]], "the set-up hangs from a bar")
        #expect(try needs("Bench Dips") == [[.bench]])
        #expect(try needs("Flat Bench Lying Leg Raise") == [[.bench]])
        #expect(try needs("Bench Jump") == [[.bench, .box]], "a box or bench")
        #expect(try needs("Decline Push-Up") == [[.bench, .box]])
        #expect(try needs("Inverted Row") == [[.barbell]], "a bar in a rack")
        #expect(try needs("Crunches") == [], "the bench is offered instead of the ground")
        #expect(try needs("Pushups") == [])
    }

    @Test func otherEquipment_isNamedWhenTheRuleKnowsIt_andKeptBesideIt() throws {
        #expect(try needs("Box Jump (Multiple Response)") == [[.box]])
        #expect(try needs("Dumbbell Bench Press") == [[.dumbbell], [.bench]])
        #expect(try needs("Band Assisted Pull-Up") == [[.pullUpBar]])
        #expect(try needs("Barbell Full Squat") == [[.barbell]])
    }

    @Test func everyPullUpAndChinUp_needsABar_andNoPulldownDoes() {
        for exercise in catalogue.exercises {
            let name = exercise.name.lowercased()
            if name.contains("pull-up") || name.contains("pullup") || name.contains("chin-up") {
                #expect(exercise.needs.contains([.pullUpBar]), "\(exercise.name)")
            }
            if name.contains("pulldown") && !name.contains("pull-up") {
                #expect(!exercise.needs.contains([.pullUpBar]), "\(exercise.name)")
            }
        }
    }

    @Test func meetingNeeds_takesOneOfEachGroup() {
        #expect(EquipmentNeeds.met([[.bench, .box]], by: [.box]))
        #expect(!EquipmentNeeds.met([[.dumbbell], [.bench]], by: [.dumbbell]))
        #expect(EquipmentNeeds.met([], by: []))
    }
}
