import KineticCore
import Testing

@Suite struct FitnessLevelTests {
    private let jumping = ExerciseTempo(repsPerMinute: 40, beatsPerRep: 3)

    @Test func eachLevel_is15PercentFasterThanTheOneBelow_andTheWorkoutPaceIsLevel4() {
        #expect(FitnessLevel.level(repsPerMinute: 40, tempo: jumping) == 4, "the workout's pace")
        #expect(FitnessLevel.level(repsPerMinute: 45.9, tempo: jumping) == 4)
        #expect(FitnessLevel.level(repsPerMinute: 46, tempo: jumping) == 5, "15 % faster")
        #expect(FitnessLevel.level(repsPerMinute: 39.9, tempo: jumping) == 3)
        #expect(FitnessLevel.level(repsPerMinute: 52, tempo: jumping) == 5, "30 % faster is level 5, not the top")
        #expect(FitnessLevel.level(repsPerMinute: 80, tempo: jumping) == 8, "twice the pace")
        #expect(FitnessLevel.level(repsPerMinute: 92.6, tempo: jumping) == 10, "2.31 times the pace")
        #expect(FitnessLevel.level(repsPerMinute: 92.4, tempo: jumping) == 9)
        #expect(FitnessLevel.level(repsPerMinute: 400, tempo: jumping) == 10)
        #expect(FitnessLevel.level(repsPerMinute: 26, tempo: jumping) == 1)
        #expect(FitnessLevel.level(repsPerMinute: 0.5, tempo: jumping) == 1)
        #expect(FitnessLevel.paceRatio(repsPerMinute: 50, tempo: jumping) == 1.25)
    }

    @Test func theScale_neverSkipsOrRepeatsALevel_asTheRateRises() {
        var levels: [Int] = []
        for rate in stride(from: 10.0, through: 120, by: 0.25) {
            levels.append(FitnessLevel.level(repsPerMinute: rate, tempo: jumping) ?? 0)
        }
        #expect(levels == levels.sorted(), "faster is never a lower level")
        #expect(Array(Set(levels)).sorted() == Array(FitnessLevel.levels), "every level is reached, one after the other")
    }

    @Test func noLevel_forAHeldExerciseOrANonsenseRate() {
        #expect(FitnessLevel.level(repsPerMinute: 30, tempo: ExerciseTempo(repsPerMinute: nil, beatsPerRep: nil)) == nil)
        #expect(FitnessLevel.level(repsPerMinute: 0, tempo: jumping) == nil)
        #expect(FitnessLevel.level(repsPerMinute: .nan, tempo: jumping) == nil)
    }

    @Test func theOverallLevel_isTheMeanRoundedDown_andLevellingUpNeedsABefore() {
        #expect(FitnessLevel.overall(latestLevels: []) == nil)
        #expect(FitnessLevel.overall(latestLevels: [7, 8]) == 7)
        #expect(FitnessLevel.overall(latestLevels: [10, 10, 1]) == 7)
        #expect(FitnessLevel.levelledUp(from: 6, to: 7))
        #expect(!FitnessLevel.levelledUp(from: 7, to: 7))
        #expect(!FitnessLevel.levelledUp(from: nil, to: 7), "a first level is not a level up")
    }
}

@Suite struct FitnessTestPlanTests {
    private let catalogue = ExerciseCatalogueTests.shipped

    private func members(_ pairs: [String: JSONValue]) -> [String: JSONValue] { pairs }

    @Test func thePlan_startsWithThePicked_thenTracked_thenBodyweight_andIsRepeatable() throws {
        let picked = try #require(catalogue.exercise(id: "Mountain_Climbers"))
        let tracked = [try #require(catalogue.exercise(id: "Knee_Tuck_Jump")), try #require(catalogue.exercise(id: "Bodyweight_Squat"))]
        let plan = FitnessTestPlan.exercises(
            category: .plyometrics, count: 4, picked: [picked], tracked: tracked, equipment: [], catalogue: catalogue, seed: 7)
        #expect(plan.count == 4)
        #expect(plan.prefix(2).map(\.id) == ["Mountain_Climbers", "Knee_Tuck_Jump"], "a tracked exercise of another category is left out")
        #expect(plan.allSatisfy { $0.category == .plyometrics && $0.needs.isEmpty })
        #expect(Set(plan.map(\.id)).count == 4)
        let again = FitnessTestPlan.exercises(
            category: .plyometrics, count: 4, picked: [picked], tracked: tracked, equipment: [], catalogue: catalogue, seed: 7)
        #expect(again == plan)
    }

    @Test func aPlanOfOne_isThePickedExercise() throws {
        let picked = try #require(catalogue.exercise(id: "Rope_Jumping"))
        #expect(
            FitnessTestPlan.exercises(
                category: .cardio, count: 1, picked: [picked], tracked: [], equipment: [], catalogue: catalogue, seed: 1) == [picked]
        )
    }

    @Test func stretchingCannotBeTested() {
        #expect(!FitnessTestPlan.categories.contains(.stretching))
        let suggestions = FitnessTestPlan.suggestions(category: .strength, equipment: [], catalogue: catalogue, limit: 12)
        #expect(suggestions.count == 12)
        #expect(suggestions.allSatisfy { $0.needs.isEmpty && $0.category == .strength })
        #expect(suggestions.first?.level == .beginner)
    }

    /// The audit's case: "Decline Oblique Crunch" (a decline bench) was added for a person
    /// without one, and "Bench Dips" suggested. With a bench, those that use it come first.
    @Test func theTestAddsAndSuggestsNothingThatNeedsEquipmentNotChosen() throws {
        let decline = try #require(catalogue.exercise(id: "Decline_Oblique_Crunch"))
        #expect(decline.needs == [[.bench]])
        for seed in UInt64(0)..<200 {
            let plan = FitnessTestPlan.exercises(
                category: .strength, count: 10, picked: [], tracked: [decline], equipment: [], catalogue: catalogue, seed: seed)
            #expect(plan.count == 10 && plan.allSatisfy(\.needs.isEmpty), "seed \(seed): \(plan.map(\.name))")
        }
        let none = FitnessTestPlan.suggestions(category: .strength, equipment: [], catalogue: catalogue, limit: 50)
        #expect(!none.contains { $0.name == "Bench Dips" || $0.id == decline.id })
        let withBench = FitnessTestPlan.suggestions(category: .strength, equipment: [.bench], catalogue: catalogue, limit: 12)
        #expect(withBench.first?.needs == [[.bench]], "what uses the chosen equipment comes first")
        #expect(withBench.allSatisfy { $0.canBeDone(with: [.bench]) })
    }

    @Test func theInput_isCheckedField_byField() throws {
        let good = try FitnessTestInput.validate(
            [
                "category": .string("plyometrics"), "count": .number(2),
                "exercises": .array([.string("Mountain_Climbers"), .string("Mountain_Climbers")]),
            ], catalogue: catalogue
        ).get()
        #expect(good.category == .plyometrics && good.count == 2 && good.picked.map(\.id) == ["Mountain_Climbers"])
        func problems(_ members: [String: JSONValue]) -> [String: String] {
            if case .failure(let errors) = FitnessTestInput.validate(members, catalogue: catalogue) { return errors.messages }
            return [:]
        }
        #expect(problems(["category": .string("stretching"), "count": .number(2)]) == ["category": "error.fitness.categoryUnknown"])
        #expect(problems(["category": .string("cardio"), "count": .number(11)]) == ["count": "error.fitness.countRange"])
        #expect(
            problems(["category": .string("cardio"), "count": .number(1), "exercises": .array([.string("Mountain_Climbers")])]) == [
                "exercises[0]": "error.fitness.exerciseNotTestable"
            ])
        #expect(
            problems([
                "category": .string("cardio"), "count": .number(1), "exercises": .array([.string("Rope_Jumping"), .string("Skating")]),
            ]) == ["exercises": "error.fitness.tooManyPicked"])
        #expect(problems(["count": .number(1), "colour": .string("red")])["category"] == "error.field.required")
        #expect(
            problems(["category": .string("cardio"), "count": .number(1), "equipment": .array([.string("box"), .string("chains")])]) == [
                "equipment[1]": "error.workout.equipmentUnknown"
            ])
        let equipped = try FitnessTestInput.validate(
            ["category": .string("cardio"), "count": .number(1), "equipment": .array([.string("box"), .string("squat rack")])],
            catalogue: catalogue
        ).get()
        #expect(equipped.equipment == [.box, .rack])
    }
}

@Suite struct FitnessLevelComparisonTests {
    @Test func levellingUp_comparesTheSameExercises_only() {
        #expect(FitnessLevel.comparison([]) == nil, "nothing tested before: nothing to compare")
        let compared = FitnessLevel.comparison([(before: 4, after: 6), (before: 5, after: 5)])
        #expect(compared?.before == 4 && compared?.after == 5)
        #expect(FitnessLevel.levelledUp(from: compared?.before, to: compared?.after))
        let same = FitnessLevel.comparison([(before: 7, after: 7)])
        #expect(!FitnessLevel.levelledUp(from: same?.before, to: same?.after))
    }
}
