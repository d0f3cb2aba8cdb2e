import KineticCore
import Testing

@Suite struct JSONMemberReaderTests {
    @Test func everyProblem_isOneFieldError() {
        var reader = JSONMemberReader(
            [
                "name": .number(3), "count": .string("3"), "missingOK": .null, "extra": .bool(true),
                "list": .array([.string("a"), .number(1)]),
            ], known: ["name", "count", "missingOK", "absent", "list", "clear"])
        #expect(reader.string("name") == nil)
        #expect(reader.integer("count") == nil)
        #expect(reader.string("absent") == nil)
        #expect(reader.string("missingOK", .optional) == nil)
        #expect(reader.strings("list", missingKey: "error.list") == nil)
        #expect(
            reader.errors.messages == [
                "name": "error.field.stringExpected", "count": "error.field.integerExpected", "absent": "error.field.required",
                "missingOK": "error.field.stringExpected", "list[1]": "error.field.stringExpected", "extra": "error.field.unknown",
            ])
        if case .success = reader.result(1) { Issue.record("a reader with errors has no result") }
    }

    @Test func presentValues_areRead_andNullClearsANullableMember() {
        var reader = JSONMemberReader(["name": .string("Ana"), "age": .number(31), "height": .null, "fitness": .object([:])])
        #expect(reader.string("name") == "Ana")
        #expect(reader.integer("age") == 31)
        #expect(reader.nullableInteger("height") == .some(nil))
        #expect(reader.nullableInteger("weight") == nil)
        #expect(reader.object("fitness")?.isEmpty == true)
        #expect(reader.integer("optional", .optional) == nil)
        #expect(reader.errors.isEmpty)
        #expect((try? reader.result("ok").get()) == "ok")
    }

    @Test func aBodyThatIsNoObject_isRefusedAsAWhole() {
        guard case .failure(let errors) = JSONMemberReader.object(.array([])) else {
            Issue.record("an array is no object")
            return
        }
        #expect(errors.messages == ["body": "error.body.objectExpected"])
    }
}
