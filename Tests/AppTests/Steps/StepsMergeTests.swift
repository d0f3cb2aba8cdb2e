import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// Steps arriving every way they can (an export, pushes of raw samples, pushes of hourly totals)
/// count as the Health app counts them, and a newer delivery is the truth for what it covers.
@Suite struct StepsMergeTests {
    private typealias ImportResult = Operations.ImportHealthExport.Output.Ok.Body.JsonPayload

    /// An export made at `made`, with `records` as (source, device, start, end, value).
    private static func export(made: String, _ records: [(String, String, String, String, Int)]) -> String {
        let rows = records.map { source, device, start, end, value in
            """
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="\(source)" device="&lt;&lt;HKDevice&gt;, name:\(device)&gt;" \
            unit="count" startDate="\(start)" endDate="\(end)" value="\(value)"/>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="\(made)"/>
            \(rows.joined(separator: "\n"))
            </HealthData>

            """
    }

    private static func push(_ points: [[String: Any]]) -> [String: Any] {
        ["data": ["metrics": [["name": "step_count", "units": "count", "data": points]]]]
    }

    @Test func aWatchAndAnIPhonePushedForTheSameHour_countTheWatch() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let pushed = try await app.json(
                .POST, "/api/v1/health/samples?interval=hour",
                body: Self.push([
                    ["qty": 500, "date": "2021-11-28 02:00:00 -0500", "source": "Léa’s Apple Watch"],
                    ["qty": 450, "date": "2021-11-28 02:00:00 -0500", "source": "Léa’s iPhone"],
                ]), token: account.token)
            #expect(pushed.status == .ok)
            #expect(try await app.dailyStepTotals("from=2021-11-28&to=2021-11-28", token: account.token) == ["2021-11-28": 500])
            let unknown = try await app.json(.POST, "/api/v1/health/samples?interval=fortnight", body: Self.push([]), token: account.token)
            #expect(unknown.status == .unprocessableEntity && unknown.body.string.contains("\"interval\""))
        }
    }

    @Test func aNewerExport_replacesWhatTheOlderStored_overTheTimeItHolds_andSaysWhatChanged() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let older = Self.export(
                made: "2021-11-27 10:00:00 +0100",
                [
                    ("Ana’s iPhone", "iPhone", "2021-11-12 10:00:00 +0100", "2021-11-12 10:10:00 +0100", 837),
                    ("Ana’s iPhone", "iPhone", "2021-11-12 12:00:00 +0100", "2021-11-12 12:10:00 +0100", 500),
                    ("Ana’s Apple Watch", "Apple Watch", "2021-11-26 08:00:00 +0100", "2021-11-26 08:30:00 +0100", 3_000),
                ])
            let first = try await app.uploadExport(older, token: account.token).decoded(as: ImportResult.self)
            #expect((first.daysAdded, first.daysChanged, first.samplesRemoved) == (2, 0, 0))
            // Health since: the 837 deleted, the Watch's walk synced again at 2,500, and a new day.
            let newer = Self.export(
                made: "2021-11-28 09:00:00 +0100",
                [
                    ("Ana’s iPhone", "iPhone", "2021-11-12 12:00:00 +0100", "2021-11-12 12:10:00 +0100", 500),
                    ("Ana’s Apple Watch", "Apple Watch", "2021-11-26 08:00:00 +0100", "2021-11-26 08:30:00 +0100", 2_500),
                    ("Ana’s Apple Watch", "Apple Watch", "2021-11-27 09:00:00 +0100", "2021-11-27 09:10:00 +0100", 400),
                ])
            let second = try await app.uploadExport(newer, token: account.token).decoded(as: ImportResult.self)
            #expect((second.daysAdded, second.daysChanged, second.samplesRemoved) == (1, 2, 2))
            let totals = try await app.dailyStepTotals("from=2021-11-01&to=2021-11-30", token: account.token)
            #expect(totals == ["2021-11-12": 500, "2021-11-26": 2_500, "2021-11-27": 400])
            // The same export again changes nothing and says so.
            let again = try await app.uploadExport(newer, token: account.token).decoded(as: ImportResult.self)
            #expect((again.daysAdded, again.daysChanged, again.samplesRemoved) == (0, 0, 0))
            #expect(try await app.dailyStepTotals("from=2021-11-01&to=2021-11-30", token: account.token) == totals)
        }
    }

    @Test func theSameWalkThreeWays_countsOnce_andWhatCameAfterTheExportCounts() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            // The Watch counted two parts of a walk, the iPhone all of it: 500 + the iPhone's third, 150.
            let walk = Self.export(
                made: "2021-11-28 12:00:00 +0000",
                [
                    ("Léa’s Apple Watch", "Apple Watch", "2021-11-28 10:00:00 +0000", "2021-11-28 10:10:00 +0000", 300),
                    ("Léa’s Apple Watch", "Apple Watch", "2021-11-28 10:20:00 +0000", "2021-11-28 10:30:00 +0000", 200),
                    ("Léa’s iPhone", "iPhone", "2021-11-28 10:00:00 +0000", "2021-11-28 10:30:00 +0000", 450),
                ])
            #expect(try await app.uploadExport(walk, token: account.token).status == .ok)
            func day() async throws -> [String: Int] {
                try await app.dailyStepTotals("from=2021-11-28&to=2021-11-28", token: account.token)
            }
            #expect(try await day() == ["2021-11-28": 650])
            // The same walk pushed as Health holds it (a Shortcut).
            let raw = try await app.json(
                .POST, "/api/v1/health/samples",
                body: Self.push([
                    ["qty": 300, "date": "2021-11-28 10:00:00 +0000", "end": "2021-11-28 10:10:00 +0000", "source": "Léa’s Apple Watch"],
                    ["qty": 200, "date": "2021-11-28 10:20:00 +0000", "end": "2021-11-28 10:30:00 +0000", "source": "Léa’s Apple Watch"],
                    ["qty": 450, "date": "2021-11-28 10:00:00 +0000", "end": "2021-11-28 10:30:00 +0000", "source": "Léa’s iPhone"],
                ]), token: account.token)
            #expect(raw.status == .ok)
            #expect(try await day() == ["2021-11-28": 650])
            // And again through Health Auto Export, hourly.
            let hourly = try await app.json(
                .POST, "/api/v1/health/auto-export",
                body: Self.push([
                    ["qty": 500, "date": "2021-11-28 10:00:00 +0000", "source": "Léa’s Apple Watch"],
                    ["qty": 450, "date": "2021-11-28 10:00:00 +0000", "source": "Léa’s iPhone"],
                    // After the export was made: it counts.
                    ["qty": 320, "date": "2021-11-28 13:00:00 +0000", "source": "Léa’s Apple Watch"],
                ]), token: account.token, headers: ["automation-aggregation": "Hours"])
            #expect(hourly.status == .ok)
            #expect(try await day() == ["2021-11-28": 650 + 320])

            // Why: per hour, what each source recorded and what counted.
            let why = try await app.json(.GET, "/api/v1/steps/daily/2021-11-28/sources", token: account.token)
                .decoded(as: Components.Schemas.DayStepSources.self)
            #expect(why.steps == 970)
            #expect(why.hours.map(\.hour) == [10, 13])
            #expect(
                why.hours[0].sources.map { [$0.name, String($0.steps), String($0.counted)] } == [
                    ["Léa’s Apple Watch", "500", "500"], ["Léa’s iPhone", "450", "150"],
                ])
            #expect(why.hours[1].sources.map { [$0.name, String($0.steps), String($0.counted)] } == [["Léa’s Apple Watch", "320", "320"]])
        }
    }

    @Test func aDaysPage_showsEachHoursSources_andOnlyOnesOwn() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let pushed = try await app.json(
                .POST, "/api/v1/health/samples?interval=hour",
                body: Self.push([
                    ["qty": 500, "date": "2021-11-28 10:00:00 +0000", "source": "Léa’s Apple Watch"],
                    ["qty": 450, "date": "2021-11-28 10:00:00 +0000", "source": "Léa’s iPhone"],
                ]), token: account.token)
            #expect(pushed.status == .ok)
            let page = try await web.get("/steps/day/2021-11-28")
            #expect(page.status == .ok)
            let html = page.body.string
            #expect(html.contains("<strong>500</strong>") && html.contains("not counted"))
            #expect(html.contains("10:00") && html.contains("steps this day"))
            #expect(try await web.get("/steps/day/2999-01-01").status == .notFound)
            #expect(try await web.get("/steps/day/yesterday").status == .notFound)
            let (other, _) = try await app.signedInWebClient()
            #expect(try await other.get("/steps/day/2021-11-28").body.string.contains("No steps recorded this day."))
        }
    }
}
