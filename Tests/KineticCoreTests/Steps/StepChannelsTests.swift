import Testing

@testable import KineticCore

/// One walk arriving several ways (an export, a push, Health Auto Export) counts once, as the
/// Health app counts it: per source the most trusted channel claiming a moment, then the most
/// trusted source.
@Suite struct StepChannelsTests {
    /// 2026-11-28 00:00:00 UTC.
    let day = 1_795_824_000.0
    let hour = 3_600.0
    let minute = 60.0

    private func sample(
        _ source: String, _ kind: StepSourceKind, _ start: Double, _ end: Double, _ value: Double, _ channel: StepChannel
    ) -> StepSample {
        StepSample(sourceName: source, kind: kind, start: day + start, end: day + end, utcOffset: 0, value: value, channel: channel)
    }

    private func claim(_ source: String, _ channel: StepChannel, _ start: Double, _ end: Double) -> StepClaim {
        StepClaim(sourceName: source, channel: channel, start: day + start, end: day + end)
    }

    private func total(_ samples: [StepSample], _ claims: [StepClaim]) -> Double {
        DailyStepTotals.compute(samples, claims: claims).values.reduce(0, +)
    }

    @Test func aWatchAndAnIPhonePushedForTheSameHour_countTheWatch() {
        let pushed = [
            sample("Léa’s Apple Watch", .watch, 10 * hour, 11 * hour, 500, .push),
            sample("Léa’s iPhone", .phone, 10 * hour, 11 * hour, 450, .push),
        ]
        let claims = StepClaim.claims(of: pushed, channel: .push, fromMidnight: false)
        #expect(total(pushed, claims) == 500)
    }

    @Test func theSameWalkThreeWays_countsAsTheExportHoldsIt() {
        // The export's records: the Watch counted two parts of the walk, the iPhone all of it.
        let exported = [
            sample("Watch", .watch, 10 * hour, 10 * hour + 10 * minute, 300, .export),
            sample("Watch", .watch, 10 * hour + 20 * minute, 10 * hour + 30 * minute, 200, .export),
            sample("iPhone", .phone, 10 * hour, 10 * hour + 30 * minute, 450, .export),
        ]
        // The same hour again, pushed by a Shortcut and totalled by Health Auto Export.
        let pushed = [sample("Watch", .watch, 10 * hour, 10 * hour + 30 * minute, 500, .push)]
        let autoExported = [
            sample("Watch", .watch, 10 * hour, 11 * hour, 500, .autoExport),
            sample("iPhone", .phone, 10 * hour, 11 * hour, 450, .autoExport),
        ]
        let claims =
            StepClaim.claims(of: exported, channel: .export, fromMidnight: true, until: day + 18 * hour)
            + StepClaim.claims(of: pushed, channel: .push, fromMidnight: false)
            + StepClaim.claims(of: autoExported, channel: .autoExport, fromMidnight: false)
        // The Watch's 500, and the iPhone's third of its walk that the Watch did not count.
        #expect(total(exported + pushed + autoExported, claims) == 500 + 150)
        // Each way alone counts the walk once too.
        #expect(total(exported, claims) == 650)
        #expect(total(autoExported, claims) == 0, "inside the export's claim, the export is the truth")
        #expect(total(autoExported, StepClaim.claims(of: autoExported, channel: .autoExport, fromMidnight: false)) == 500)
    }

    @Test func afterTheExportWasMade_pushesCount_andAPushAcrossThatMomentKeepsItsShareOfTime() {
        let exported = [sample("Watch", .watch, 9 * hour, 9 * hour + 30 * minute, 1_000, .export)]
        let later = [
            sample("Watch", .watch, 11 * hour + 30 * minute, 12 * hour + 30 * minute, 600, .autoExport),
            sample("Watch", .watch, 13 * hour, 14 * hour, 400, .autoExport),
        ]
        let claims =
            StepClaim.claims(of: exported, channel: .export, fromMidnight: true, until: day + 12 * hour)
            + StepClaim.claims(of: later, channel: .autoExport, fromMidnight: false)
        #expect(total(exported + later, claims) == 1_000 + 300 + 400)
    }

    @Test func aShortcutsPushOverItsSpan_outranksHealthAutoExportOfTheSameSource() {
        let shortcut = [
            sample("iPhone", .phone, 8 * hour, 8 * hour + 5 * minute, 120, .push),
            sample("iPhone", .phone, 8 * hour + 40 * minute, 8 * hour + 45 * minute, 80, .push),
        ]
        let hourly = [sample("iPhone", .phone, 8 * hour, 9 * hour, 200, .autoExport)]
        let claims = [claim("iPhone", .push, 0, 20 * hour)] + StepClaim.claims(of: hourly, channel: .autoExport, fromMidnight: false)
        #expect(total(shortcut + hourly, claims) == 200)
    }

    @Test func anotherSourcesClaim_neverHidesASample_onlyItsSamplesCoverIt() {
        // The Watch's export claims the whole day, but it was worn only in the morning: the
        // iPhone's afternoon walk counts whole.
        let samples = [
            sample("Watch", .watch, 8 * hour, 9 * hour, 700, .export), sample("iPhone", .phone, 15 * hour, 16 * hour, 300, .push),
        ]
        let claims =
            [claim("Watch", .export, 0, 24 * hour)]
            + StepClaim.claims(of: samples.filter { $0.channel == .push }, channel: .push, fromMidnight: false)
        #expect(total(samples, claims) == 1_000)
    }

    @Test func aPointInAMoreTrustedClaim_countsNothing_andOneOutsideCountsWhole() {
        let points = [
            sample("App", .other, 10 * hour, 10 * hour, 40, .autoExport), sample("App", .other, 20 * hour, 20 * hour, 60, .autoExport),
        ]
        #expect(total(points, [claim("App", .push, 9 * hour, 11 * hour)]) == 60)
    }

    @Test func theSameSampleOnTwoChannels_isNotADuplicate_theClaimDecides() {
        let exported = sample("iPhone", .phone, 10 * hour, 10 * hour + 10 * minute, 100, .export)
        let pushed = sample("iPhone", .phone, 10 * hour, 10 * hour + 10 * minute, 100, .push)
        #expect(total([exported, pushed], [claim("iPhone", .export, 0, 24 * hour)]) == 100)
        // Without any claim (data stored before channels were kept), both count: claims are what merge channels.
        #expect(total([exported, pushed], []) == 200)
    }

    @Test func claims_runFromTheFirstSampleOrItsMidnight_toTheLastEndOrTheExportsDate() {
        let offset = -5 * 3_600
        let samples = [
            StepSample(sourceName: "Watch", kind: .watch, start: day + 14 * hour, end: day + 14 * hour + 600, utcOffset: offset, value: 10),
            StepSample(sourceName: "Watch", kind: .watch, start: day + 30 * hour, end: day + 30 * hour + 600, utcOffset: offset, value: 10),
            StepSample(sourceName: "iPhone", kind: .phone, start: day + 16 * hour, end: day + 17 * hour, utcOffset: offset, value: 10),
        ]
        // 14:00 UTC is 09:00 in New York: its midnight is 05:00 UTC.
        #expect(
            StepClaim.claims(of: samples, channel: .export, fromMidnight: true, until: day + 40 * hour)
                == [
                    StepClaim(sourceName: "Watch", channel: .export, start: day + 5 * hour, end: day + 40 * hour),
                    StepClaim(sourceName: "iPhone", channel: .export, start: day + 5 * hour, end: day + 40 * hour),
                ].sorted { $0.sourceName < $1.sourceName })
        #expect(
            StepClaim.claims(of: samples, channel: .push, fromMidnight: false).sorted { $0.sourceName < $1.sourceName }
                == [
                    StepClaim(sourceName: "Watch", channel: .push, start: day + 14 * hour, end: day + 30 * hour + 600),
                    StepClaim(sourceName: "iPhone", channel: .push, start: day + 16 * hour, end: day + 17 * hour),
                ].sorted { $0.sourceName < $1.sourceName })
        let claim = StepClaim(sourceName: "Watch", channel: .push, start: day, end: day + hour)
        #expect(claim.replaces(start: day) && claim.replaces(start: day + hour - 1) && !claim.replaces(start: day + hour))
    }
}
