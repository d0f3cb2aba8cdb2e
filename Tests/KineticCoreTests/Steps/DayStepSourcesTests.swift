import Testing

@testable import KineticCore

/// A day's steps by hour and source: what each recorded, what counted, adding up to the total.
@Suite struct DayStepSourcesTests {
    /// 2026-11-28 00:00:00 UTC.
    let day = 1_795_824_000.0
    let hour = 3_600.0

    private func sample(_ source: String, _ kind: StepSourceKind, _ start: Double, _ end: Double, _ value: Double) -> StepSample {
        StepSample(sourceName: source, kind: kind, start: day + start, end: day + end, utcOffset: 0, value: value)
    }

    @Test func eachHourSaysWhatEachSourceRecordedAndWhatCounted_andTheCountedMakeTheTotal() {
        let samples = [
            sample("Léa’s iPhone", .phone, 10 * hour, 10 * hour + 1_800, 450),
            sample("Léa’s Apple Watch", .watch, 10 * hour, 10 * hour + 600, 300),
            sample("Léa’s Apple Watch", .watch, 10 * hour + 1_200, 10 * hour + 1_800, 200),
            // Across 14:00: half in each hour.
            sample("Léa’s iPhone", .phone, 13 * hour + 1_800, 14 * hour + 1_800, 100),
            // The evening before, not this day.
            sample("Léa’s iPhone", .phone, -hour, -1_800, 999),
        ]
        let breakdown = DayStepSources.of(LocalDate(year: 2026, month: 11, day: 28)!, samples: samples)
        #expect(breakdown.hours.map(\.hour) == [10, 13, 14])
        #expect(
            breakdown.hours[0].sources == [
                .init(name: "Léa’s Apple Watch", kind: .watch, recorded: 500, counted: 500),
                .init(name: "Léa’s iPhone", kind: .phone, recorded: 450, counted: 150),
            ])
        #expect(breakdown.hours[1].sources == [.init(name: "Léa’s iPhone", kind: .phone, recorded: 50, counted: 50)])
        #expect(breakdown.hours[2].sources == [.init(name: "Léa’s iPhone", kind: .phone, recorded: 50, counted: 50)])
        #expect(breakdown.total == 500 + 150 + 50 + 50)
        #expect(breakdown.total == DailyStepTotals.compute(samples)[breakdown.date])
    }
}
