import Foundation
import KineticCore
import Testing

/// What exercises need, read by the rule, against the whole catalogue read by hand.
@Suite struct EquipmentNeedsTests {
    private let catalogue = ExerciseCatalogueTests.shipped

    /// Every exercise of the catalogue read by a person (`Fixtures/equipment-read-by-hand.json`):
    /// its name and every instruction, each group met by any one of its items, the floor, walls,
    /// chairs, steps and towels at hand, variations left out. The rule is checked against it.
    static let readByHand: [String: [Set<Exercise.Equipment>]] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/equipment-read-by-hand.json")
        let names = try! JSONDecoder().decode([String: [[String]]].self, from: Data(contentsOf: url))
        return names.mapValues { groups in groups.map { Set($0.map { Exercise.Equipment(rawValue: $0)! }) } }
    }()

    /// Where the rule and the hand reading name the same apparatus differently: a hyperextension
    /// bench (a machine to the rule, other by hand), a bike (a machine or other), straps.
    static let readOtherwise: Set<String> = [
        "Bicycling", "Hyperextensions_Back_Extensions", "Hyperextensions_With_No_Hyperextension_Bench", "Inverted_Row_with_Straps",
    ]

    /// Every set of equipment up to three items (and none): what "looser" is checked over.
    private static let haves: [Set<Exercise.Equipment>] = {
        let items = Exercise.Equipment.allCases.filter { $0 != .bodyweight }
        var sets: [Set<Exercise.Equipment>] = [[]]
        for a in items.indices {
            sets.append([items[a]])
            for b in items.indices where b > a {
                sets.append([items[a], items[b]])
                for c in items.indices where c > b { sets.append([items[a], items[b], items[c]]) }
            }
        }
        return sets
    }()

    private func needs(_ id: String) throws -> [Set<Exercise.Equipment>] {
        try #require(catalogue.exercise(id: id), "\(id) is in the catalogue").needs
    }

    /// The audit's cases: chains and cable handles, bands and a rack, a rack's pins, an exercise
    /// ball under a "body only" crunch, a decline bench.
    @Test func whatTheAuditFound_isNeeded() throws {
        #expect(try needs("Chain_Press") == [[.other], [.cable], [.bench]])
        #expect(try needs("Reverse_Band_Bench_Press") == [[.barbell], [.bench], [.rack], [.bands]])
        #expect(try needs("Pin_Presses") == [[.barbell], [.bench], [.rack]])
        #expect(try needs("Crunch_-_Legs_On_Exercise_Ball") == [[.exerciseBall]])
        #expect(try needs("Decline_Oblique_Crunch") == [[.bench]])
        #expect(try needs("Barbell_Full_Squat") == [[.barbell], [.rack]])
        #expect(try needs("Band_Assisted_Pull-Up") == [[.bands], [.pullUpBar]])
        #expect(try needs("Inverted_Row") == [[.barbell], [.rack]], "a bar in a rack")
        #expect(try needs("Pushups") == [])
        #expect(try needs("Crunches") == [], "the ground, or a bench if you like")
        #expect(try needs("Incline_Push-Up_Medium") == [], "a Smith machine bar or a sturdy platform")
    }

    /// No exercise is open to more people by the rule than by the hand reading: for every set
    /// of up to three items, the rule lets it be done only where the reading does.
    @Test func theRuleIsNeverLooserThanTheCatalogueReadByHand() throws {
        #expect(Self.readByHand.count == catalogue.exercises.count)
        var looser: [String] = []
        for exercise in catalogue.exercises where !Self.readOtherwise.contains(exercise.id) {
            let byHand = try #require(Self.readByHand[exercise.id], "\(exercise.id) was read")
            if Self.haves.contains(where: { exercise.canBeDone(with: $0) && !EquipmentNeeds.met(byHand, by: $0.union([.bodyweight])) }) {
                looser.append("\(exercise.id): \(exercise.needs) by hand \(byHand)")
            }
        }
        #expect(looser.isEmpty, "\(looser.count) looser: \(looser.prefix(10))")
    }

    @Test func alternatives_areOneGroup_andSomethingAtHandNeedsNothing() {
        let of = { (text: String) in EquipmentNeeds.of(name: "Test", equipment: .bodyweight, instructions: [text]) }
        #expect(of("Begin with a box or bench in front of you.") == [[.box, .bench]])
        #expect(of("Loop a belt, band, or rope over your foot.") == [], "a belt is at hand")
        #expect(of("Loop a band, or rope over your foot.") == [[.bands, .cable, .other]])
        #expect(of("Hold a dumbbell or kettlebell at your chest.") == [[.dumbbell, .kettlebells]])
        #expect(of("Lie on the floor or a flat bench.") == [])
        #expect(of("Sit on a bench. Hold a dumbbell in each hand.") == [[.bench], [.dumbbell]], "both, not either")
        #expect(of("Secure a band to a rack or the bench. Lie on the bench.") == [[.bands], [.bench]], "the bench narrows the choice")
    }

    @Test func whatDoesNotDescribeThisExercise_isNotNeeded() {
        let of = { (text: String) in EquipmentNeeds.of(name: "Test", equipment: .bodyweight, instructions: [text]) }
        #expect(of("Squat down. Variations: hold a kettlebell.") == [])
        #expect(of("Squat down. You can also use a Smith machine.") == [])
        #expect(of("If you are resting your feet on a bench, point your toes in.") == [])
        #expect(of("Position yourself as for a dumbbell press.") == [])
        #expect(of("Use a sturdy object like a squat rack to hold yourself.") == [])
        #expect(of("Kneel. This can be done inside of a power rack.") == [])
        #expect(of("Bring the kettlebell to the rack position.") == [[.kettlebells]])
    }

    @Test func theCataloguesEquipment_isNeededUnlessItSaysOther() {
        #expect(EquipmentNeeds.of(name: "Curl", equipment: .dumbbell, instructions: ["Stand up."]) == [[.dumbbell]])
        #expect(EquipmentNeeds.of(name: "Drag", equipment: .other, instructions: ["Attach the sled."]) == [[.other]])
        #expect(EquipmentNeeds.of(name: "Stretch", equipment: .other, instructions: ["Lean on a wall."]) == [])
        #expect(EquipmentNeeds.of(name: "Thing", equipment: .other, instructions: ["Stand up."]) == [[.other]])
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

    /// Thousands of selections: nothing a generated workout or a fitness test adds or suggests
    /// needs, by the hand reading, what the person did not choose.
    @Test func noWorkoutAndNoFitnessTestOffersWhatWasNotChosen() throws {
        var random = SeededGenerator(seed: 54)
        var generated = 0, offered = 0
        for round in 0..<2_000 {
            let equipment = Set(Exercise.Equipment.allCases.shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random)))
            let have = equipment.union([.bodyweight])
            let level = Exercise.Level.allCases.randomElement(using: &random)!
            let focus: WorkoutSelection.Focus =
                Bool.random(using: &random)
                ? .categories(Set(Exercise.Category.allCases.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random))))
                : .muscles(Set(Exercise.Muscle.allCases.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))))
            let selection = WorkoutSelection(
                focus: focus, equipment: equipment, level: level, minutes: WorkoutSelection.durations.randomElement(using: &random)!)
            if case .success(let workout) = WorkoutGenerator.generate(from: catalogue.exercises, selection: selection, seed: UInt64(round))
            {
                generated += 1
                for step in workout.steps where !Self.readOtherwise.contains(step.exercise.id) {
                    let byHand = try #require(Self.readByHand[step.exercise.id])
                    #expect(EquipmentNeeds.met(byHand, by: have), "round \(round): \(step.exercise.id) needs \(byHand), has \(equipment)")
                }
            }
            let category = FitnessTestPlan.categories.randomElement(using: &random)!
            let tested =
                FitnessTestPlan.exercises(
                    category: category, count: 10, picked: [], tracked: [], equipment: equipment, catalogue: catalogue, seed: UInt64(round))
                + FitnessTestPlan.suggestions(category: category, equipment: equipment, catalogue: catalogue, limit: 12)
            for exercise in tested where !Self.readOtherwise.contains(exercise.id) {
                offered += 1
                let byHand = try #require(Self.readByHand[exercise.id])
                #expect(
                    EquipmentNeeds.met(byHand, by: have), "round \(round): test offers \(exercise.id), needs \(byHand), has \(equipment)")
            }
        }
        #expect(generated > 1_000 && offered > 10_000, "\(generated) workouts, \(offered) test exercises")
    }
}
