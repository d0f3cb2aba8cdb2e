import Foundation
import Testing

@testable import KineticCore

@Suite struct ContactTests {
    @Test func aContact_isTrimmedAndNormalized() throws {
        let contact = try Contact.checked(
            ContactInput(
                name: "  Carla\n  Núñez ", email: " Carla@Example.COM ", birthday: "--0415", timeZone: "Europe/Lisbon", reach: "email")
        ).get()
        #expect(contact.name == "Carla Núñez" && contact.email == "carla@example.com")
        #expect(contact.birthday?.description == "--04-15" && contact.timeZone == "Europe/Lisbon" && contact.reach == .email)
        #expect(contact.firstName == "Carla")
    }

    @Test func everyWrongField_isNamed() {
        let input = ContactInput(
            name: String(repeating: "x", count: 101), email: "not an address", birthday: "1996-02-30", timeZone: "Mars/Olympus",
            reach: "pigeon")
        guard case .failure(let errors) = Contact.checked(input) else {
            Issue.record("accepted")
            return
        }
        #expect(Set(errors.messages.keys) == ["name", "email", "birthday", "timeZone", "reach"])
        #expect(Contact.checked(ContactInput(email: "")).failureKeys == ["email": "wishes.contacts.error.email.empty"])
    }

    @Test func aSearch_findsTheStartOfAnyWordOfTheName_orPartOfTheAddress_foldedForCaseAndAccents() throws {
        let carla = try Contact.checked(ContactInput(name: "Carla Núñez", email: "carla@example.com")).get()
        for search in ["carla", "CAR", "nunez", "Núñ", "carla nunez", "@example", "example.com"] {
            #expect(carla.matches(Contact.searchWords(search)), "\(search)")
        }
        for search in ["unez", "carla smith", "zed"] { #expect(!carla.matches(Contact.searchWords(search)), "\(search)") }
    }
}

extension Result where Success == Contact, Failure == FieldErrors {
    var failureKeys: [String: String]? {
        if case .failure(let errors) = self { return errors.messages }
        return nil
    }
}

@Suite struct PreferredReachTests {
    @Test func aContactsWay_fillsOnlyTheRecipientsTheSenderChoseNoneFor() throws {
        let input = WishDraftInput(
            occasion: "birthday", subject: "Hi", message: "Hello", recipients: ["a@example.com", "b@example.com", "c@example.com"],
            sendAt: "2027-01-16T08:00", reaches: ["a@example.com": "in-app"])
        let draft = try WishDraft.validate(input, timeZone: .gmt, now: Date(timeIntervalSince1970: 1_800_000_000)).get()
        let preferred = draft.preferring(["a@example.com": .email, "b@example.com": .emailAndInApp])
        #expect(preferred.reaches == ["a@example.com": .inApp, "b@example.com": .emailAndInApp])
        let settled = preferred.settlingReaches(confirmedAccounts: [], senderCanEmail: true)
        #expect(settled.reaches["c@example.com"] == .email)
    }
}
