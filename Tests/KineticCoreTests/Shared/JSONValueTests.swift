import Foundation
import Testing

@testable import KineticCore

@Suite struct JSONValueTests {
    @Test func decodesEveryKindKeepingTypes() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"a": 1, "b": "1", "c": true, "d": null, "e": [1.5]}"#.utf8))
        let members = try #require(value.objectValue)
        #expect(members["a"]?.integerValue == 1)
        #expect(members["b"]?.integerValue == nil)
        #expect(members["b"]?.stringValue == "1")
        #expect(members["c"] == .bool(true))
        #expect(members["d"] == .null)
        #expect(members["e"] == .array([.number(1.5)]))
    }

    @Test func fractionalNumbers_areNotIntegers() {
        #expect(JSONValue.number(70.5).integerValue == nil)
        #expect(JSONValue.number(1e20).integerValue == nil)
    }
}
