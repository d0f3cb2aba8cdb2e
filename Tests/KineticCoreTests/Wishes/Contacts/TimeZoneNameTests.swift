import Testing

@testable import KineticCore

@Suite struct TimeZoneNameTests {
    @Test(arguments: [
        ("Europe/Berlin", "Berlin"), ("America/New_York", "New York"), ("America/Argentina/Buenos_Aires", "Buenos Aires"),
        ("Pacific/Apia", "Apia"),
    ])
    func aZone_isNamedByItsCity(identifier: String, city: String) {
        #expect(TimeZoneName.city(of: identifier) == city)
    }

    @Test(arguments: ["UTC", "GMT", "Etc/UTC", "Etc/GMT+5"])
    func aZoneWithoutACity_hasNone(identifier: String) {
        #expect(TimeZoneName.city(of: identifier) == nil)
    }
}
