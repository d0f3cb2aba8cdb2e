import Foundation
import Testing

@testable import KineticCore

@Suite struct QuickSendTimeTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let auckland = TimeZone(identifier: "Pacific/Auckland")!

    /// 2027-04-15 07:30 in Berlin (05:30 UTC), 17:30 in Auckland.
    let now = Date(timeIntervalSince1970: 1_807_767_000)

    @Test func tomorrowAndTheNextMorning_areOnTheClockOfTheZoneAsked() {
        #expect(LocalDate(containing: now, in: berlin).description == "2027-04-15")
        #expect(QuickSendTime.tomorrow(after: now, in: berlin).description == "2027-04-16")
        #expect(QuickSendTime.next(after: now, in: berlin).description == "2027-04-15", "8:00 is still ahead in Berlin")
        #expect(QuickSendTime.next(after: now, in: auckland).description == "2027-04-16", "8:00 has passed in Auckland")
    }

    @Test func aBirthdayToday_isToday_untilItsMorningHasPassed() throws {
        let birthday = try #require(Birthday(parsing: "--04-15"))
        #expect(QuickSendTime.birthday(birthday, after: now, in: berlin).description == "2027-04-15")
        #expect(QuickSendTime.birthday(birthday, after: now, in: auckland).description == "2028-04-15")
        let leapling = try #require(Birthday(parsing: "2000-02-29"))
        #expect(QuickSendTime.birthday(leapling, after: now, in: berlin).description == "2028-02-29")
    }
}
