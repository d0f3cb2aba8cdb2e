import Testing

@testable import KineticCore

@Suite struct WishStockTextTests {
    let contacts = [
        "carla@example.com": Contact(name: "Carla Núñez", email: "carla@example.com"),
        "ben@example.com": Contact(name: "Ben", email: "ben@example.com"),
        "noname@example.com": Contact(name: "", email: "noname@example.com"),
    ]

    @Test func oneKnownRecipient_isGreetedByTheirFirstName_whateverTheCaseTyped() {
        #expect(WishStock.greetedName(recipients: ["carla@example.com"], contacts: contacts) == "Carla")
        #expect(WishStock.greetedName(recipients: [" Carla@Example.COM "], contacts: contacts) == "Carla")
        #expect(
            WishStock.greetedName(recipients: ["ben@example.com", "BEN@example.com"], contacts: contacts) == "Ben",
            "the same person twice is one")
    }

    @Test func severalPeople_anUnknownAddress_orAContactWithoutAName_getTheTextsWithoutOne() {
        #expect(WishStock.greetedName(recipients: ["carla@example.com", "ben@example.com"], contacts: contacts) == nil)
        #expect(WishStock.greetedName(recipients: ["dana@example.com"], contacts: contacts) == nil)
        #expect(WishStock.greetedName(recipients: ["noname@example.com"], contacts: contacts) == nil)
        #expect(WishStock.greetedName(recipients: [], contacts: contacts) == nil)
    }

    @Test(arguments: [
        ("Carla Núñez", "Carla"), ("Ben", "Ben"), ("Anne-Marie Roth", "Anne-Marie"), ("  Jo  Lee", "Jo"),
        ("Dr. Carla Núñez", nil), ("Frau Núñez", nil), ("Mr Smith", nil), ("Núñez, Carla", nil), ("", nil), ("J.", nil),
    ])
    func theGreetedName_isAFirstNameOrNone_neverATitleOrALastName(name: String, expected: String?) {
        #expect(Contact(name: name, email: "x@example.com").firstName == expected)
    }
}
