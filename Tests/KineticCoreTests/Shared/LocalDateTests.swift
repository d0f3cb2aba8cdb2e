import Foundation
import KineticCore
import Testing

@Suite struct LocalDateTests {
    /// The date by Foundation's Calendar: what `LocalDate(containing:in:)` must agree with.
    private func calendarDate(_ instant: Date, _ zone: TimeZone) -> (Int, Int, Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        return (parts.year!, parts.month!, parts.day!)
    }

    @Test(arguments: [
        "UTC", "Europe/Berlin", "America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kathmandu", "Australia/Lord_Howe",
    ])
    func dateOfAnInstant_agreesWithCalendar(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        var generator = SystemRandomNumberGenerator()
        // Random instants from 1950 to 2060, and the minutes around midnight and DST changes.
        var instants = (0..<2_000).map { _ in
            Date(timeIntervalSince1970: Double.random(in: -630_000_000...2_840_000_000, using: &generator))
        }
        var transition = Date(timeIntervalSince1970: 946_684_800)
        for _ in 0..<40 {
            guard let next = zone.nextDaylightSavingTimeTransition(after: transition) else { break }
            instants += [-1, 0, 1, 3_599, 3_600, 3_601].map { next.addingTimeInterval($0) }
            transition = next
        }
        for instant in instants {
            let date = LocalDate(containing: instant, in: zone)
            let expected = calendarDate(instant, zone)
            #expect((date.year, date.month, date.day) == expected, "\(instant) in \(zoneName)")
        }
    }

    @Test func descriptions_areZeroPadded() {
        #expect(LocalDate(year: 2021, month: 3, day: 7)!.description == "2021-03-07")
        #expect(LocalDate(year: 987, month: 12, day: 31)!.description == "0987-12-31")
        #expect(Month(year: 2021, month: 11)!.description == "2021-11")
        #expect(TimeOfDay(hour: 7, minute: 5)!.description == "07:05")
        #expect(TimeOfDay(hour: 23, minute: 59)!.description == "23:59")
        #expect(String(zeroPadded: -5, width: 3) == "-005")
        #expect(String(zeroPadded: 12_345, width: 2) == "12345")
    }
}

@Suite struct FixedFormatParsingTests {
    @Test(arguments: ["2021-03-07", "0001-01-01", "9999-12-31"])
    func validDates_parse(text: String) throws {
        #expect(try #require(LocalDate(text)).description == text)
    }

    @Test(arguments: [
        "2021-3-07", "2021-03-7", "21-03-07", "2021-03-07-", "-2021-03-07", "2021--03-07", "2021-03-32", "2021-02-29",
        "2021-13-01", "+021-03-07", "2021-03-0a", " 2021-03-07", "2021/03/07", "", "2021-03", "٢٠٢١-٠٣-٠٧",
    ])
    func malformedDates_areRefused(text: String) {
        #expect(LocalDate(text) == nil)
    }

    @Test func monthsAndTimes_parseOnlyTheirFormat() {
        #expect(Month("2021-11")?.description == "2021-11")
        for bad in ["2021-1", "2021-11-01", "202-11", "2021-00", "2021-13", "2021:11", ""] { #expect(Month(bad) == nil, "\(bad)") }
        #expect(TimeOfDay("9:05")?.description == "09:05")
        #expect(TimeOfDay("23:59")?.minutes == 1_439)
        for bad in ["24:00", "9:5", "009:05", ":05", "9:", "9:05:00", "-1:05", "ab:cd", ""] { #expect(TimeOfDay(bad) == nil, "\(bad)") }
    }
}
