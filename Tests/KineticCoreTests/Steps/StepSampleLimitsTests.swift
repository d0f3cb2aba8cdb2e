import Testing

@testable import KineticCore

@Suite struct StepSampleLimitsTests {
    private let limits = StepSampleLimits(today: LocalDate(year: 2026, month: 11, day: 22)!)
    private func seconds(_ date: LocalDate, hour: Int = 12) -> Double { Double(date.daysSince1970 * 86_400 + hour * 3_600) }

    @Test func plausibleSample_passes() {
        let start = seconds(LocalDate(year: 2026, month: 11, day: 22)!)
        #expect(limits.violation(start: start, end: start + 600, utcOffset: 3_600, steps: 1_200) == nil)
        #expect(limits.violation(start: start, end: start + 86_400, utcOffset: 0, steps: 100_000) == nil)
    }

    @Test(arguments: [100_000.5, 1e19, -1, .nan, .infinity])
    func implausibleSteps_areRefused(steps: Double) {
        let start = seconds(LocalDate(year: 2026, month: 1, day: 1)!)
        #expect(limits.violation(start: start, end: start, utcOffset: 0, steps: steps) == .steps)
    }

    @Test func samplesLongerThanADay_orEndingBeforeTheyStart_areRefused() {
        let start = seconds(LocalDate(year: 2026, month: 1, day: 1)!)
        #expect(limits.violation(start: start, end: start + 86_401, utcOffset: 0, steps: 10) == .duration)
        #expect(limits.violation(start: start, end: start - 1, utcOffset: 0, steps: 10) == .duration)
        #expect(limits.violation(start: -6e13, end: 3e11, utcOffset: 0, steps: 10) == .duration)
    }

    @Test func datesBefore2000_orAfterTomorrow_areRefused_inTheSamplesOwnOffset() {
        let firstDay = seconds(LocalDate(year: 2000, month: 1, day: 1)!, hour: 0)
        #expect(limits.violation(start: firstDay, end: firstDay, utcOffset: 0, steps: 1) == nil)
        #expect(limits.violation(start: firstDay - 1, end: firstDay - 1, utcOffset: 0, steps: 1) == .date)
        // 23:30 UTC on 31 Dec 1999 is already 2000 at +01:00.
        #expect(limits.violation(start: firstDay - 1_800, end: firstDay - 1_800, utcOffset: 3_600, steps: 1) == nil)
        let tomorrow = seconds(LocalDate(year: 2026, month: 11, day: 23)!)
        #expect(limits.violation(start: tomorrow, end: tomorrow, utcOffset: 0, steps: 1) == nil)
        #expect(limits.violation(start: tomorrow + 86_400, end: tomorrow + 86_400, utcOffset: 0, steps: 1) == .date)
        #expect(limits.violation(start: 1e300, end: 1e300, utcOffset: 0, steps: 1) == .date)
    }

    @Test func sums_andRoundingSaturate_insteadOfTrapping() {
        #expect([Int.max, 1, 5].saturatingSum() == .max)
        #expect([Int.min, -1].saturatingSum() == .min)
        #expect([1, 2, 3].saturatingSum() == 6)
        #expect(Int(saturating: 1e19) == .max)
        #expect(Int(saturating: -1e300) == .min)
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: 2.5) == 3)
        #expect(DailyStepTotals.rounded([LocalDate(year: 2021, month: 1, day: 1)!: 1e300]).values.first == .max)
    }

    @Test func chartScale_andBadges_stayBounded_forAbsurdTotals() {
        let scale = ChartScale(dataMaximum: .max)
        #expect(scale.maximum == ChartScale.largestMaximum)
        #expect(scale.ticks.count <= 11)
        #expect(StepAchievements.earned(monthTotal: .max).count == StepAchievements.maximumShown)
        #expect(StepAchievements.count(monthTotal: 25_000) == 2)
        #expect(StepAchievements.count(monthTotal: -5) == 0)
        let chart = StepChartGeometry(dayCount: 30, steps: [1: .max, 2: 10], lastDay: 30, today: nil)
        #expect(chart.points.allSatisfy { $0.y >= chart.plotTop && $0.y <= chart.plotBottom })
    }

    @Test func fixedFormats_refuseSignsAndSpaces() {
        #expect(LocalDate("+202-01-01") == nil)
        #expect(TimeOfDay("+1:00") == nil)
        #expect(Month("0000-00") == nil)
        #expect(Month("2021-+1") == nil)
        #expect(LocalDate("2021-01-01") != nil)
    }
}
