import Foundation
import Testing

@testable import KineticCore

@Suite struct YearlyRecurrenceTests {
    private func recurrence(_ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0, in zone: String) -> YearlyRecurrence {
        YearlyRecurrence(month: month, day: day, time: TimeOfDay(hour: hour, minute: minute)!, timeZone: TimeZone(identifier: zone)!)!
    }

    private func utc(_ sendTime: WishSendTime) -> String { ISO8601DateFormatter().string(from: sendTime.instant) }

    @Test func eightOClock_isEightOnTheWall_inSummerAndWinter_inBothHemispheres() {
        #expect(utc(recurrence(1, 15, 8, in: "Europe/Berlin").occurrence(in: 2027)) == "2027-01-15T07:00:00Z")
        #expect(utc(recurrence(7, 15, 8, in: "Europe/Berlin").occurrence(in: 2027)) == "2027-07-15T06:00:00Z")
        #expect(utc(recurrence(1, 15, 8, in: "Australia/Sydney").occurrence(in: 2027)) == "2027-01-14T21:00:00Z", "summer there")
        #expect(utc(recurrence(7, 15, 8, in: "Australia/Sydney").occurrence(in: 2027)) == "2027-07-14T22:00:00Z")
    }

    @Test func aTimeTheClockSkips_movesForward_andOneItRepeats_isTheEarlier() {
        let spring = recurrence(3, 28, 2, 30, in: "Europe/Berlin").occurrence(in: 2027)
        #expect(utc(spring) == "2027-03-28T01:30:00Z" && spring.adjustment == .movedForward)
        let southernSpring = recurrence(10, 3, 2, 30, in: "Australia/Sydney").occurrence(in: 2027)
        #expect(utc(southernSpring) == "2027-10-02T16:30:00Z" && southernSpring.adjustment == .movedForward)
        let autumn = recurrence(10, 31, 2, 30, in: "Europe/Berlin").occurrence(in: 2027)
        #expect(utc(autumn) == "2027-10-31T00:30:00Z" && autumn.adjustment == .earlierOfTwo)
    }

    @Test func aZoneThatChangedItsOffset_isReadWithTheOffsetOfEachYear() {
        // Samoa moved across the date line: 30 December 2011 never happened in Apia.
        let apia = recurrence(12, 30, 10, in: "Pacific/Apia")
        #expect(utc(apia.occurrence(in: 2010)) == "2010-12-30T20:00:00Z", "UTC−10")
        #expect(utc(apia.occurrence(in: 2011)) == "2011-12-30T20:00:00Z", "the skipped day: 31 December at 10:00")
        #expect(apia.occurrence(in: 2011).adjustment == .movedForward)
        #expect(utc(apia.occurrence(in: 2012)) == "2012-12-29T20:00:00Z", "UTC+14")
    }

    @Test func the29thOfFebruary_goesOnThe28thInOtherYears_andTheNextFiveAreAfterNow() {
        let leap = recurrence(2, 29, 8, in: "UTC")
        let now = ISO8601DateFormatter().date(from: "2027-02-28T08:00:00Z")!
        let next = leap.occurrences(after: now, count: 5).map { $0.date.description }
        #expect(next == ["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"], "the 28th at 8:00 itself has come")
        #expect(leap.next(after: now.addingTimeInterval(-1)).date.description == "2027-02-28")
        #expect(YearlyRecurrence(month: 2, day: 30, time: QuickSendTime.morning, timeZone: .gmt) == nil)
    }
}

@Suite struct YearlyReminderTests {
    @Test func aReminder_isDaysBeforeOnTheSameClock_acrossAClockChange_andOnlyAhead() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let wish = WishSendTime(date: LocalDate("2027-04-02")!, time: QuickSendTime.morning, timeZone: berlin)
        let before = Date(timeIntervalSince1970: 0)
        // 28 March 2027 is the spring change: seven days before 2 April at 8:00 CEST is 26 March at 8:00 CET.
        let at = try #require(YearlyReminder(daysBefore: 7).time(before: wish, now: before))
        #expect(ISO8601DateFormatter().string(from: at) == "2027-03-26T07:00:00Z")
        #expect(YearlyReminder(daysBefore: 7).time(before: wish, now: at) == nil, "not one that is due already")
        #expect(YearlyReminder.none.time(before: wish, now: before) == nil)
        #expect(YearlyReminder.checked(31).failureKey == "wishes.error.remindDays")
        #expect(try YearlyReminder.checked(0).get() == .none)
    }
}

extension Result where Success == YearlyReminder, Failure == FieldErrors {
    fileprivate var failureKey: String? {
        if case .failure(let errors) = self { return errors.messages["remindDaysBefore"] }
        return nil
    }
}
