import Testing

@testable import KineticCore

@Suite struct UserTimeZoneTests {
    @Test(arguments: ["Europe/Berlin", "America/Los_Angeles", "Pacific/Kiritimati", " Asia/Tokyo "])
    func knownZones_areAccepted(identifier: String) throws {
        #expect(try UserTimeZone.validated(identifier).get() == identifier.trimmingCharacters(in: .whitespaces))
    }

    @Test(arguments: ["", "Mars/Olympus_Mons", "GMT+25", "Europe/Berlin\u{0}", String(repeating: "A/", count: 40)])
    func unknownZones_areRefused(identifier: String) {
        #expect(UserTimeZone.validated(identifier) == .failure(FieldErrors(["timeZone": "error.timeZone.unknown"])))
    }

    @Test func choices_areRegionZones_sorted() {
        let choices = UserTimeZone.choices
        #expect(choices.contains("Europe/Berlin") && choices.contains("America/New_York"))
        #expect(!choices.contains { $0.hasPrefix("Etc/") })
        #expect(choices.first == "UTC")
        #expect(Array(choices.dropFirst()) == choices.dropFirst().sorted())
    }
}
