import Foundation
import Testing

@testable import KineticCore

@Suite struct SlidingExpiryTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let week: TimeInterval = 7 * 24 * 3600

    @Test func aUse_movesTheExpiryOnlyWhenItIsAnHourStale() {
        #expect(SlidingExpiry.renewal(of: now.addingTimeInterval(week - 59 * 60), now: now, lifetime: week) == nil)
        #expect(SlidingExpiry.renewal(of: now.addingTimeInterval(week - 3600), now: now, lifetime: week) == now.addingTimeInterval(week))
        #expect(SlidingExpiry.renewal(of: now.addingTimeInterval(60), now: now, lifetime: week) == now.addingTimeInterval(week))
    }

    @Test func aMissingExpiry_isRenewedAndAlive() {
        #expect(SlidingExpiry.renewal(of: nil, now: now, lifetime: week) == now.addingTimeInterval(week))
        #expect(SlidingExpiry.isAlive(nil, at: now))
    }

    @Test func anExpiry_endsAtItsInstant() {
        #expect(SlidingExpiry.isAlive(now.addingTimeInterval(1), at: now))
        #expect(!SlidingExpiry.isAlive(now, at: now))
    }
}
