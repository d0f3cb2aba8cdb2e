import Testing

@testable import KineticCore

@Suite struct ProfilePatchTests {
    private func parse(_ json: [String: JSONValue]) -> Result<ProfilePatch, FieldErrors> {
        ProfilePatch.parse(.object(json))
    }

    @Test func partialFitnessUpdate_keepsOtherFields() throws {
        let patch = try parse(["fitness": .object(["height": .number(71)])]).get()
        let before = FitnessSettings(bodyType: .large, height: 60, jumpGoal: 5_000, calorieGoal: 0)
        let after = try #require(patch.fitness).applied(to: before)
        #expect(after == FitnessSettings(bodyType: .large, height: 71, jumpGoal: 5_000, calorieGoal: 0))
    }

    @Test func nullBodyTypeAndHeight_clearThem() throws {
        let patch = try parse(["fitness": .object(["bodyType": .null, "height": .null])]).get()
        let after = try #require(patch.fitness).applied(to: FitnessSettings(bodyType: .small, height: 70))
        #expect(after.bodyType == nil)
        #expect(after.height == nil)
    }

    @Test(arguments: [
        ("bodyType", JSONValue.number(3), "error.bodyType.range"),
        ("bodyType", .number(-1), "error.bodyType.range"),
        ("bodyType", .bool(true), "error.field.integerExpected"),
        ("bodyType", .number(1.5), "error.field.integerExpected"),
        ("height", .number(0), "error.height.range"),
        ("height", .number(120), "error.height.range"),
        ("height", .string("72"), "error.field.integerExpected"),
        ("jumpGoal", .number(-1), "error.jumpGoal.range"),
        ("jumpGoal", .string("many"), "error.field.integerExpected"),
        ("calorieGoal", .number(-5), "error.calorieGoal.range"),
        ("calorieGoal", .null, "error.field.integerExpected"),
        ("shoeSize", .number(9), "error.field.unknown"),
    ])
    func invalidFitnessValue_isReportedOnItsField(field: String, value: JSONValue, messageKey: String) {
        let result = parse(["fitness": .object([field: value])])
        #expect(result == .failure(FieldErrors(["fitness.\(field)": messageKey])))
    }

    @Test func everyFailingField_isReportedAtOnce() {
        let result = parse([
            "name": .string("  "),
            "email": .string("not-an-address"),
            "language": .string("fr"),
            "fitness": .object(["height": .number(10), "bodyType": .number(7)]),
        ])
        #expect(
            result
                == .failure(
                    FieldErrors([
                        "name": "error.name.empty",
                        "email": "error.email.invalid",
                        "language": "error.language.unsupported",
                        "fitness.height": "error.height.range",
                        "fitness.bodyType": "error.bodyType.range",
                    ])))
    }

    @Test func nonObjectBody_isRejected() {
        #expect(ProfilePatch.parse(.array([])) == .failure(FieldErrors(["body": "error.body.objectExpected"])))
        #expect(parse(["fitness": .number(1)]) == .failure(FieldErrors(["fitness": "error.field.objectExpected"])))
    }

    @Test func calorieGoal_needsBodyTypeAndHeight() {
        #expect(FitnessSettings(calorieGoal: 100).crossFieldErrors() == FieldErrors(["calorieGoal": "error.calorieGoal.needsFitness"]))
        #expect(FitnessSettings(bodyType: .small, height: 60, calorieGoal: 100).crossFieldErrors().isEmpty)
        #expect(FitnessSettings(calorieGoal: 0).crossFieldErrors().isEmpty)
    }

    @Test func heightBoundaries_areInclusive() throws {
        #expect(throws: Never.self) { try parse(["fitness": .object(["height": .number(36)])]).get() }
        #expect(throws: Never.self) { try parse(["fitness": .object(["height": .number(96)])]).get() }
        #expect(throws: FieldErrors.self) { try parse(["fitness": .object(["height": .number(97)])]).get() }
    }
}
