import Foundation
import Testing

@testable import KineticCore

/// A yearly wish anchored on a birthday goes exactly once a year, on the birthday as that year
/// keeps it, whatever the zone's clock did that year: 400 years (1970 to 2369, with 2000 a leap
/// year and 2100, 2200 and 2300 not) in 20 zones (both hemispheres' daylight saving, changes at
/// midnight, half- and quarter-hour offsets, and zones whose rules changed: Samoa skipped
/// 30 December 2011, Moscow, São Paulo and Tehran dropped daylight saving), for birthdays on
/// days that move (29 February by both rules) and on days a clock skips, at times a clock skips.
@Suite struct BirthdayRecurrencePropertyTests {
    static let zones = [
        "UTC", "Europe/Berlin", "Europe/London", "Europe/Moscow", "America/New_York", "America/St_Johns", "America/Havana",
        "America/Santiago", "America/Sao_Paulo", "Pacific/Auckland", "Pacific/Apia", "Pacific/Kiritimati", "Pacific/Pago_Pago",
        "Australia/Lord_Howe", "Australia/Adelaide", "Asia/Kathmandu", "Asia/Tehran", "Asia/Beirut", "Africa/Casablanca",
        "Asia/Gaza",
    ]
    static let years = 1970...2369
    /// Month and day: 29 February, its neighbours, the first and last of a year, Samoa's lost
    /// day, and days of spring-forward nights.
    static let birthdays = [(2, 29), (2, 28), (3, 1), (1, 1), (12, 31), (12, 30), (3, 28), (10, 3)]
    static let times = [TimeOfDay(hour: 0, minute: 30)!, TimeOfDay(hour: 2, minute: 30)!, TimeOfDay(hour: 8, minute: 0)!]

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    @Test(
        "One wish a year on the birthday: 20 zones × 400 years × 8 birthdays × 3 times × 2 leap-day rules = 384,000 cases",
        arguments: zones)
    func eachYear_hasExactlyOneWish_onTheBirthdayAsThatYearKeepsIt(zone identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        var cases = 0
        for (month, day) in Self.birthdays {
            let birthday = try #require(Birthday(month: month, day: day))
            for time in Self.times {
                for leapDay in YearlyRecurrence.LeapDay.allCases {
                    let recurrence = YearlyRecurrence(birthday: birthday, time: time, timeZone: zone, leapDay: leapDay)
                    var previous: WishSendTime?
                    for year in Self.years {
                        let wish = recurrence.occurrence(in: year)
                        cases += 1
                        // On the birthday, or where its rule keeps 29 February in other years.
                        let expected =
                            (month, day) != (2, 29) || Self.isLeap(year)
                            ? LocalDate(year: year, month: month, day: day)!
                            : leapDay == .february28
                                ? LocalDate(year: year, month: 2, day: 28)! : LocalDate(year: year, month: 3, day: 1)!
                        #expect(wish.date == expected, "\(identifier) \(birthday) \(time) \(year)")
                        // At that time on that day's clock, or as soon after as the clock allows
                        // (a skipped hour, or Samoa's skipped day).
                        let wall = Double(expected.daysSince1970) * 86_400 + Double(time.minutes) * 60
                        let offset = Double(zone.secondsFromGMT(for: wish.instant))
                        let late = wish.instant.timeIntervalSince1970 + offset - wall
                        if wish.adjustment == .movedForward {
                            #expect(late > 0 && late <= 86_400, "\(identifier) \(expected) \(time): \(late) s late")
                        } else {
                            #expect(late == 0, "\(identifier) \(expected) \(time): \(late) s off")
                        }
                        // Once a year: the next one after the last is this year's, none skipped, none twice.
                        if let previous {
                            #expect(recurrence.next(after: previous.instant) == wish, "\(identifier) \(birthday) \(year)")
                            #expect(wish.instant.timeIntervalSince(previous.instant) > 300 * 86_400)
                        }
                        previous = wish
                    }
                }
            }
        }
        #expect(cases == 400 * 8 * 3 * 2)
    }
}
