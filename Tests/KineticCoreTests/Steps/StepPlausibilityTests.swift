import Testing

@testable import KineticCore

/// Steps no person took are set aside, until the person counts them anyway.
@Suite struct StepPlausibilityTests {
    let day = 1_795_824_000.0 // 2026-11-28 00:00:00 UTC

    private func sample(_ kind: StepSourceKind, seconds: Double, _ value: Double) -> StepSample {
        StepSample(sourceName: "App", kind: kind, start: day + 36_000, end: day + 36_000 + seconds, utcOffset: 0, value: value)
    }

    @Test func aSampleFasterThan250AMinute_isSetAside_overAtLeastAMinute_andHandEntriesAlwaysCount() {
        #expect(!StepPlausibility.isTooFast(sample(.phone, seconds: 600, 2_500))) // 250 a minute
        #expect(StepPlausibility.isTooFast(sample(.phone, seconds: 600, 2_510)))
        // A 10-second burst is judged as a minute of it: 200 steps in it is plausible, 300 not.
        #expect(!StepPlausibility.isTooFast(sample(.watch, seconds: 10, 200)))
        #expect(StepPlausibility.isTooFast(sample(.watch, seconds: 10, 300)))
        #expect(StepPlausibility.isTooFast(sample(.other, seconds: 0, 251)))
        #expect(!StepPlausibility.isTooFast(sample(.manual, seconds: 0, 20_000)))
    }

    @Test func countedAnyway_countsIt_andADayOverTheMaximumIsSetAsideUnlessCountedAnyway() {
        let fast = sample(.other, seconds: 60, 3_000)
        let walk = sample(.phone, seconds: 600, 900)
        #expect(StepPlausibility.split([fast, walk], anyway: .init()) == ([walk], [fast]))
        let anyway = StepPlausibility.CountedAnyway(samples: [.init(fast)])
        #expect(StepPlausibility.split([fast, walk], anyway: anyway).setAside.isEmpty)
        let date = LocalDate(year: 2026, month: 11, day: 28)!, other = LocalDate(year: 2026, month: 11, day: 27)!
        let split = StepPlausibility.days([date: 100_001, other: 12_000], anyway: .init())
        #expect(split.counted == [other: 12_000] && split.setAside == [date: 100_001])
        #expect(StepPlausibility.days([date: 100_001], anyway: .init(days: [date])).counted == [date: 100_001])
    }
}
