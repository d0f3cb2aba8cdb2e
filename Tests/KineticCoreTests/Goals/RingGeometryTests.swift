import Testing

@testable import KineticCore

@Suite struct RingGeometryTests {
    private func ring(_ goal: Int?, _ progress: Int, last: Int? = nil, _ representation: RingRepresentation = .progress) -> RingGeometry {
        RingGeometry.make(goal: goal, progress: progress, lastSession: last, representation: representation)
    }

    @Test func progressBelowGoal_drawsBlueThenGrayFromTwelveOClock() {
        let geometry = ring(30_000, 7_500)
        #expect(geometry.progress == RingArc(start: 0, end: 90))
        #expect(geometry.remainder == RingArc(start: 90, end: 360))
        #expect(geometry.inner == RingArc(start: 0, end: 90))
        #expect(geometry.percentage == 25)
        #expect(!geometry.isComplete)
    }

    @Test func lastSession_endsAtTheTailOfTheBlueArc() {
        let geometry = ring(30_000, 21_375, last: 8_798, .lastSession)
        let end = 360 * 21_375.0 / 30_000
        let inner = try! #require(geometry.inner)
        #expect(abs(inner.end - end) < 1e-9)
        #expect(abs(inner.sweep - 360 * 8_798.0 / 30_000) < 1e-9)
        #expect(geometry.percentage == 71)
    }

    @Test func remaining_mirrorsTheGrayArc() {
        let geometry = ring(1_000, 250, .remaining)
        #expect(geometry.inner == geometry.remainder)
        #expect(geometry.inner == RingArc(start: 90, end: 360))
    }

    @Test(arguments: RingRepresentation.allCases)
    func completeGoal_isAFullBlueCircle(representation: RingRepresentation) {
        let geometry = ring(1_000, 1_500, last: 600, representation)
        #expect(geometry.progress == .full)
        #expect(geometry.remainder == nil)
        #expect(geometry.isComplete)
        #expect(geometry.percentage == 150)
        switch representation {
        case .progress: #expect(geometry.inner == .full)
        // The last session (60 % of the goal) ends at the second lap's tail, 6 o'clock.
        case .lastSession: #expect(geometry.inner == RingArc(start: 180 - 216, end: 180))
        case .remaining: #expect(geometry.inner == nil)
        }
    }

    @Test func pastTheGoal_aSecondLapRunsOverTheFullCircle() {
        #expect(ring(1_000, 1_000).overlap == nil)
        #expect(ring(1_000, 999).overlap == nil)
        #expect(ring(1_000, 1_500).overlap == RingArc(start: 0, end: 180))
        #expect(ring(1_000, 1_250).overlap == RingArc(start: 0, end: 90))
        #expect(ring(1_000, 2_000).overlap == .full)
        #expect(ring(1_000, 2_500).overlap == RingArc(start: 0, end: 180))
        #expect(ring(nil, 5_000).overlap == nil)
    }

    @Test func lastSessionLargerThanTheGoal_fillsTheCircleOnceEndingAtTheLapsTail() {
        let geometry = ring(1_000, 1_250, last: 1_250, .lastSession)
        #expect(geometry.inner == RingArc(start: 90 - 360, end: 90))
        #expect(ring(1_000, 2_000, last: 300, .lastSession).inner == RingArc(start: 360 - 108, end: 360))
        let partial = ring(1_000, 500, last: 2_000, .lastSession)
        #expect(partial.inner == RingArc(start: 0, end: 180))
    }

    @Test(arguments: RingRepresentation.allCases)
    func zeroProgress_drawsNoBlueAndAFullGrayRing(representation: RingRepresentation) {
        let geometry = ring(1_000, 0, representation)
        #expect(geometry.progress == nil)
        #expect(geometry.remainder == .full)
        #expect(geometry.percentage == 0)
        #expect(geometry.inner == (representation == .remaining ? .full : nil))
    }

    @Test(arguments: [nil, 0] as [Int?])
    func noGoalOrGoalZero_isAnEmptyTrack(goal: Int?) {
        for representation in RingRepresentation.allCases {
            let geometry = ring(goal, 400, last: 100, representation)
            #expect(geometry.progress == nil)
            #expect(geometry.remainder == .full)
            #expect(geometry.inner == nil)
            #expect(geometry.percentage == nil)
        }
    }

    @Test func monthWithoutLastSession_drawsNoInnerArcForThatView() {
        #expect(ring(1_000, 0, last: nil, .lastSession).inner == nil)
        #expect(ring(1_000, 300, last: nil, .lastSession).inner == nil)
    }
}
