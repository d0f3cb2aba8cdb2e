import Testing

@testable import KineticCore

@Suite struct ExerciseTranslationsTests {
    @Test func aMissingTranslation_readsAllInEnglish_andSaysSo() {
        let exercise = Exercise(
            id: "Test_Move", name: "Test Move", category: .cardio, level: .beginner, equipment: .bodyweight, mechanic: nil,
            primaryMuscles: [.quadriceps], instructions: ["Stand tall.", "Move."])
        let partial = ExerciseTranslations(
            catalog: StringCatalog(
                sourceLanguage: "en",
                entries: [
                    "Test_Move.name": ["de": .init(value: "Testbewegung", plural: [:])],
                    "Test_Move.instruction.1": ["de": .init(value: "Steh aufrecht.", plural: [:])],
                ]))
        #expect(partial.language(of: exercise, in: .german) == .english)
        #expect(partial.instructions(of: exercise, in: .german) == ["Stand tall.", "Move."])
        #expect(partial.name(of: exercise, in: .german) == "Testbewegung")
        #expect(partial.name(of: exercise, in: .english) == "Test Move")
        #expect(partial.name(of: exercise, in: .pseudo) != "Test Move")
    }
}
