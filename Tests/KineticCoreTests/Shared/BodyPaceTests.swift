import KineticCore
import Testing

@Suite struct BodyPaceTests {
    private let pace = BodyPace(minimumBytesPerSecond: 1_000, grace: 20, longestPause: 60)

    @Test func duringTheGrace_anyRateWaits_butNotAPausePastTheLongest() {
        #expect(!pace.isTooSlow(received: 0, elapsed: 19, sinceLastPiece: 19))
        #expect(!pace.isTooSlow(received: 10, elapsed: 20, sinceLastPiece: 0.1))
        #expect(BodyPace(minimumBytesPerSecond: 1_000, grace: 90, longestPause: 60).isTooSlow(received: 0, elapsed: 61, sinceLastPiece: 61))
    }

    @Test func afterTheGrace_theAverageSinceTheStartIsJudged() {
        #expect(!pace.isTooSlow(received: 30_000, elapsed: 30, sinceLastPiece: 0))
        #expect(pace.isTooSlow(received: 29_999, elapsed: 30, sinceLastPiece: 0))
        // A phone that was slow at first and then caught up passes.
        #expect(!pace.isTooSlow(received: 2_000_000, elapsed: 120, sinceLastPiece: 1))
    }

    @Test func aFastStart_buysNoLongPause() {
        #expect(pace.isTooSlow(received: 100_000_000, elapsed: 70, sinceLastPiece: 61))
        #expect(!pace.isTooSlow(received: 100_000_000, elapsed: 70, sinceLastPiece: 59))
    }

    @Test func theStandardPace_letsTheSlowestMobileNetworkThrough() {
        // EDGE at about 25 KiB/s for a 20 MB song: 800 s, never near the limit.
        #expect(!BodyPace.standard.isTooSlow(received: 25 * 1_024 * 800, elapsed: 800, sinceLastPiece: 0.5))
    }
}
