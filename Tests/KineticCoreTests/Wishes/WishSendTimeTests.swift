import Foundation
import KineticCore
import Testing

@Suite struct WishSendTimeTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let newYork = TimeZone(identifier: "America/New_York")!

    private func utc(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    @Test func anOrdinaryTime_isThatInstantInTheSendersZone() throws {
        let time = try #require(WishSendTime(localDateTime: "2027-01-15T09:30", timeZone: berlin))
        #expect(time.instant == utc("2027-01-15T08:30:00Z"))
        #expect(time.adjustment == .exact)
        #expect(time.localDateTime == "2027-01-15T09:30")
    }

    @Test func aTimeInTheSpringGap_movesForwardByTheGap() throws {
        // Berlin skips 02:00–03:00 on 28 March 2027.
        let time = try #require(WishSendTime(localDateTime: "2027-03-28T02:30", timeZone: berlin))
        #expect(time.instant == utc("2027-03-28T01:30:00Z")) // 03:30 CEST
        #expect(time.adjustment == .movedForward)
        let newYorkGap = try #require(WishSendTime(localDateTime: "2027-03-14T02:15", timeZone: newYork))
        #expect(newYorkGap.instant == utc("2027-03-14T07:15:00Z")) // 03:15 EDT
        #expect(newYorkGap.adjustment == .movedForward)
    }

    @Test func aTimeInTheRepeatedAutumnHour_takesTheEarlierInstant() throws {
        // Berlin shows 02:00–03:00 twice on 31 October 2027: first CEST (+2), then CET (+1).
        let time = try #require(WishSendTime(localDateTime: "2027-10-31T02:30", timeZone: berlin))
        #expect(time.instant == utc("2027-10-31T00:30:00Z"))
        #expect(time.adjustment == .earlierOfTwo)
        let justAfter = try #require(WishSendTime(localDateTime: "2027-10-31T03:00", timeZone: berlin))
        #expect(justAfter.instant == utc("2027-10-31T02:00:00Z"))
        #expect(justAfter.adjustment == .exact)
    }

    @Test func malformedText_isNotATime() {
        for text in [
            "", "2027-01-15", "2027-01-15 09:30", "2027-02-30T09:30", "2027-01-15T24:00", "2027-01-15T09:30:15", "2027-01-15T9:30x",
        ] {
            #expect(WishSendTime(localDateTime: text, timeZone: berlin) == nil, "\(text)")
        }
        #expect(WishSendTime(localDateTime: "2027-01-15T09:30:00", timeZone: berlin)?.localDateTime == "2027-01-15T09:30")
    }
}

@Suite struct WishSendTimeStartTests {
    @Test func aNewWish_startsAtTheNextWholeHourHalfAnHourAway_onTheSendersClock() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let at = { (text: String) in ISO8601DateFormatter().date(from: text)! }
        #expect(WishSendTime.nextWholeHour(after: at("2027-01-15T08:10:00Z"), in: berlin) == "2027-01-15T10:00")
        #expect(WishSendTime.nextWholeHour(after: at("2027-01-15T08:40:00Z"), in: berlin) == "2027-01-15T11:00")
        #expect(WishSendTime.nextWholeHour(after: at("2027-01-15T22:45:00Z"), in: berlin) == "2027-01-16T01:00")
        #expect(WishSendTime.nextWholeHour(after: at("2027-01-15T22:10:00Z"), in: berlin) == "2027-01-16T00:00")
    }
}
