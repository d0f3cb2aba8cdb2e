import KineticCore
import Testing

@Suite struct WishDraftInputJSONTests {
    @Test func recipients_areAddressesOrObjectsWithAReach() {
        let read = WishDraftInput.read(json: [
            "occasion": .string("birthday"), "subject": .string("Hi"), "message": .string("Cake"), "sendAt": .string("2027-01-15T10:00"),
            "recipients": .array([
                .string("ann@example.com"), .object(["address": .string("bob@example.com"), "reach": .string("email-and-in-app")]),
                .object(["address": .string("carla@example.com")]),
            ]),
            "connections": .bool(true),
        ])
        #expect(read.errors.isEmpty)
        #expect(read.input.recipients == ["ann@example.com", "bob@example.com", "carla@example.com"])
        #expect(read.input.reaches == ["bob@example.com": "email-and-in-app"])
        #expect(read.input.postsToConnections && read.input.channels == nil)
    }

    @Test func aBrokenRecipient_isNamedByItsPlace() {
        let read = WishDraftInput.read(json: [
            "recipients": .array([.number(3), .object(["reach": .string("email"), "name": .string("Bob")])]),
            "connections": .string("yes"), "channels": .string("email"),
        ])
        #expect(read.errors.messages["recipients[0]"] == "wishes.error.recipients.item")
        #expect(read.errors.messages["recipients[1].address"] == "error.field.required")
        #expect(read.errors.messages["recipients[1].name"] == "error.field.unknown")
        #expect(read.errors.messages["connections"] == "error.field.booleanExpected")
        #expect(read.errors.messages["channels"] == "error.field.arrayExpected")
    }
}
