import Testing

@testable import KineticCore

@Suite struct DailyStepTotalsTests {
    /// 2021-01-01 00:00:00 UTC.
    let day0 = 1_609_459_200.0
    let hour = 3_600.0

    private func sample(
        _ source: String, _ kind: StepSourceKind, _ start: Double, _ end: Double, _ value: Double, offset: Int = 0
    ) -> StepSample {
        StepSample(sourceName: source, kind: kind, start: day0 + start, end: day0 + end, utcOffset: offset, value: value)
    }

    private func total(_ samples: [StepSample], ranking: SourceRanking = SourceRanking()) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: DailyStepTotals.compute(samples, ranking: ranking).map { ($0.key.description, $0.value) })
    }

    @Test func touchedDays_runFromTheFirstStartToTheLastEnd() {
        // 23:30–00:30 UTC+1 on day 0 ends on day 1 locally; a sample at 22:00 UTC−8 on day 0 is local day 0.
        let crossing = sample("Watch", .watch, 22.5 * hour, 23.5 * hour, 100, offset: 3_600)
        let evening = sample("iPhone", .phone, 30 * hour, 30 * hour, 10, offset: -8 * 3_600)
        let first = DailyStepTotals.localDay(day0, offset: 0)
        #expect(DailyStepTotals.days(touchedBy: [crossing, evening]) == first...(first + 1))
        #expect(DailyStepTotals.days(touchedBy: []) == nil)
    }

    @Test func separateSamples_add() {
        #expect(total([sample("iPhone", .phone, 0, 600, 100), sample("iPhone", .phone, 3_600, 4_200, 50)]) == ["2021-01-01": 150])
    }

    @Test func exactDuplicates_countOnce() {
        let walk = sample("iPhone", .phone, 0, 600, 100)
        #expect(total([walk, walk, walk]) == ["2021-01-01": 100])
    }

    @Test func watchOverlappingPhone_isCreditedToTheWatch() {
        // The phone's 10 minutes are half covered by the watch: half its steps remain.
        let result = total([sample("Ana’s iPhone", .phone, 0, 600, 200), sample("Ana’s Apple Watch", .watch, 300, 900, 90)])
        #expect(result == ["2021-01-01": 90 + 100])
    }

    @Test func manualEntries_outrankTheWatch() {
        let result = total([sample("Health", .manual, 0, 3_600, 1_000), sample("Watch", .watch, 0, 3_600, 4_000)])
        #expect(result == ["2021-01-01": 1_000])
    }

    @Test func fullyCoveredLowerSample_contributesNothing() {
        let result = total([
            sample("Watch", .watch, 0, 1_000, 500), sample("iPhone", .phone, 100, 900, 999), sample("App", .other, 200, 300, 40),
        ])
        #expect(result == ["2021-01-01": 500])
    }

    @Test func userOrder_changesWhoIsTrusted() {
        let samples = [sample("Ana’s iPhone", .phone, 0, 600, 200), sample("Ana’s Apple Watch", .watch, 0, 600, 90)]
        #expect(total(samples) == ["2021-01-01": 90])
        #expect(total(samples, ranking: SourceRanking(preferredOrder: ["Ana’s iPhone"])) == ["2021-01-01": 200])
    }

    @Test func samplesOfOneSource_doNotCoverEachOther() {
        #expect(total([sample("iPhone", .phone, 0, 600, 100), sample("iPhone", .phone, 300, 900, 60)]) == ["2021-01-01": 160])
    }

    @Test func sampleCrossingLocalMidnight_isSplitByTime() {
        let offset = -8 * 3_600
        let result = total([sample("iPhone", .phone, 7 * hour + 45 * 60, 9 * hour, 100, offset: offset)])
        // 07:45–09:00 UTC = 23:45–01:00 local: 15 of 75 minutes on Dec 31, 60 on Jan 1.
        #expect(result["2020-12-31"]! == 20)
        #expect(result["2021-01-01"]! == 80)
    }

    @Test func localDay_followsTheSamplesOwnOffset() {
        // 02:00 UTC is still the previous evening in California, already morning in Berlin.
        let result = total([
            sample("iPhone", .phone, 2 * hour, 2 * hour + 60, 10, offset: -8 * 3_600),
            sample("Other", .other, 5 * hour, 5 * hour + 60, 7, offset: 3_600),
        ])
        #expect(result == ["2020-12-31": 10, "2021-01-01": 7])
    }

    @Test func zeroLengthSample_countsOnItsDayUnlessCovered() {
        #expect(total([sample("Health", .manual, 1_000, 1_000, 300)]) == ["2021-01-01": 300])
        #expect(total([sample("Watch", .watch, 0, 2_000, 50), sample("iPhone", .phone, 1_000, 1_000, 300)]) == ["2021-01-01": 50])
    }

    @Test func rounding_dropsEmptyDays() {
        let totals = DailyStepTotals.rounded([
            LocalDate("2021-01-01")!: 10.4, LocalDate("2021-01-02")!: 0.3, LocalDate("2021-01-03")!: 10.5,
        ])
        #expect(totals == [LocalDate("2021-01-01")!: 10, LocalDate("2021-01-03")!: 11])
    }

    @Test func localDateDayNumbers_roundTrip() {
        for text in ["1970-01-01", "2000-02-29", "2021-01-01", "1969-12-31", "2100-03-01"] {
            let date = LocalDate(text)!
            #expect(LocalDate(daysSince1970: date.daysSince1970) == date)
        }
        #expect(LocalDate("1970-01-02")!.daysSince1970 == 1)
        #expect(LocalDate("2021-01-01")!.daysSince1970 == 18_628)
    }

    @Test func sourceKinds_areClassifiedFromNameDeviceAndMetadata() {
        #expect(StepSourceKind.classify(sourceName: "Health", device: nil, wasUserEntered: false) == .manual)
        #expect(StepSourceKind.classify(sourceName: "Pedometer++", device: nil, wasUserEntered: true) == .manual)
        #expect(
            StepSourceKind.classify(sourceName: "Ana’s Apple Watch", device: "<<HKDevice>, name:Apple Watch>", wasUserEntered: false)
                == .watch)
        #expect(
            StepSourceKind.classify(sourceName: "Ana’s phone", device: "<<HKDevice>, name:iPhone, model:iPhone>", wasUserEntered: false)
                == .phone)
        #expect(StepSourceKind.classify(sourceName: "Fitbit", device: nil, wasUserEntered: false) == .other)
    }
}

@Suite struct StepAchievementsAndScaleTests {
    @Test func badges_everyTenThousandSteps() {
        #expect(StepAchievements.earned(monthTotal: 9_999) == [])
        #expect(StepAchievements.earned(monthTotal: 10_000) == [10_000])
        #expect(StepAchievements.earned(monthTotal: 34_500) == [10_000, 20_000, 30_000])
        #expect(StepAchievements.earned(monthTotal: 100_000).count == 10)
    }

    @Test func chartScale_startsAtZeroWithNiceTicks() {
        #expect(ChartScale(dataMaximum: 12_345).ticks == [0, 5_000, 10_000, 15_000])
        #expect(ChartScale(dataMaximum: 8_000).ticks == [0, 2_000, 4_000, 6_000, 8_000])
        #expect(ChartScale(dataMaximum: 0).ticks == [0, 250, 500, 750, 1_000])
        #expect(ChartScale(dataMaximum: 37).maximum >= 37)
    }
}

@Suite struct StepChartGeometryTests {
    @Test func pointsStopAtToday_andTheAxisStartsAtZero() {
        let chart = StepChartGeometry(dayCount: 30, steps: [1: 4_000, 2: 12_000, 10: 7_000], lastDay: 10, today: 10)
        #expect(chart.points.count == 10)
        #expect(chart.points[2].steps == 0)
        #expect(chart.ticks.first?.value == 0)
        #expect(chart.ticks.last?.value == 15_000)
        #expect(chart.ticks.first?.y == chart.plotBottom)
        #expect(chart.today?.day == 10)
        #expect(chart.points[0].x == chart.plotLeft)
        // 12,000 of 15,000: four fifths of the plot's height above the axis.
        #expect(abs((chart.plotBottom - chart.points[1].y) - 0.8 * (chart.plotBottom - chart.plotTop)) < 1e-9)
        #expect(chart.linePath.hasPrefix("M44 "))
    }

    @Test func today_isInProgress_andDaysBeforeTheFirstData_areNotPlotted() {
        let chart = StepChartGeometry(dayCount: 30, steps: [5: 4_000, 6: 8_000], lastDay: 7, today: 7, firstDay: 5)
        #expect(chart.points.map(\.day) == [5, 6, 7])
        #expect(chart.settledPoints.map(\.day) == [5, 6])
        // The line ends at yesterday; a dashed one leads to today's point, at 0 so far.
        #expect(chart.linePath.split(separator: "L").count == 2)
        let yesterday = chart.points[1], today = chart.points[2]
        #expect(
            chart.todayPath
                == "M\(StepChartGeometry.format(yesterday.x)) \(StepChartGeometry.format(yesterday.y)) L\(StepChartGeometry.format(today.x)) \(StepChartGeometry.format(today.y))"
        )
        #expect(StepChartGeometry(dayCount: 30, steps: [:], lastDay: 30, today: nil, firstDay: 31).points.isEmpty)
    }

    @Test func pastMonth_hasEveryDayAndNoToday() {
        let chart = StepChartGeometry(dayCount: 28, steps: [:], lastDay: 28, today: nil)
        #expect(chart.points.count == 28)
        #expect(chart.today == nil)
        #expect(chart.points.last?.x == chart.plotRight)
        #expect(chart.dayLabels.map(\.day) == [1, 5, 10, 15, 20, 25, 28])
    }
}
