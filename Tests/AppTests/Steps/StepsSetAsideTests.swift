import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// What no person takes is set aside: kept, shown, not counted, until counted anyway.
@Suite struct StepsSetAsideTests {
    private static func push(_ points: [[String: Any]]) -> [String: Any] {
        ["data": ["metrics": [["name": "step_count", "units": "count", "data": points]]]]
    }

    @Test func aSampleFasterThanAPerson_isSetAside_shownOnItsDay_andCountsOnceCountedAnyway() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let pushed = try await app.json(
                .POST, "/api/v1/health/samples",
                body: Self.push([
                    ["qty": 900, "date": "2021-11-28 08:00:00 +0000", "end": "2021-11-28 08:10:00 +0000", "source": "Léa’s iPhone"],
                    // 3,000 in a minute: a tracker shaken in a car.
                    ["qty": 3_000, "date": "2021-11-28 10:00:00 +0000", "source": "Step Tracker"],
                ]), token: account.token)
            #expect(pushed.status == .ok)
            func total() async throws -> [String: Int] {
                try await app.dailyStepTotals("from=2021-11-28&to=2021-11-28", token: account.token)
            }
            #expect(try await total() == ["2021-11-28": 900])
            let day = try await app.json(.GET, "/api/v1/steps/daily/2021-11-28/sources", token: account.token)
                .decoded(as: Components.Schemas.DayStepSources.self)
            #expect(day.steps == 900 && day.setAside.total == nil)
            let setAside = try #require(day.setAside.samples.first)
            #expect(day.setAside.samples.count == 1 && setAside.source == "Step Tracker" && setAside.steps == 3_000)
            // The Steps page says so for the month, and the day page lists it with Count It Anyway.
            #expect(try await web.get("/steps?month=2021-11").body.string.contains("One sample or day this month is set aside"))
            let page = try await web.get("/steps/day/2021-11-28").body.string
            #expect(page.contains("3,000 steps from Step Tracker at 10:00"), "the time as the locale writes it")
            #expect(page.contains("faster than 250 steps a minute.") && page.contains("Count It Anyway"))
            // Another sample than the one set aside is refused; the one set aside counts once, however often asked.
            let wrong = try await app.json(
                .POST, "/api/v1/steps/daily/2021-11-28/count-anyway",
                body: [
                    "sample": ["source": "Step Tracker", "start": "2021-11-28T10:00:00Z", "end": "2021-11-28T10:01:00Z", "steps": 2_999]
                ],
                token: account.token)
            #expect(wrong.status == .unprocessableEntity)
            let sample: [String: Any] = [
                "source": setAside.source, "start": "2021-11-28T10:00:00Z", "end": "2021-11-28T10:01:00Z", "steps": 3_000,
            ]
            for _ in 0..<2 {
                let counted = try await app.json(
                    .POST, "/api/v1/steps/daily/2021-11-28/count-anyway", body: ["sample": sample], token: account.token)
                #expect(counted.status == .ok)
                #expect(try counted.decoded(as: Components.Schemas.DayStepSources.self).steps == 3_900)
            }
            #expect(try await total() == ["2021-11-28": 3_900])
            #expect(!(try await web.get("/steps?month=2021-11").body.string.contains("set aside: more steps")))
        }
    }

    @Test func aDayOverTheMaximum_isSetAside_untilTheWholeDayIsCountedOnItsPage() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            // Seven hours of 15,000 each: 250 a minute, a fast run, each plausible; the day (105,000) is not.
            let points = (8..<15).map { hour in
                ["qty": 15_000, "date": String(format: "2021-11-28 %02d:00:00 +0000", hour), "source": "Léa’s Apple Watch"] as [String: Any]
            }
            #expect(
                try await app.json(.POST, "/api/v1/health/samples?interval=hour", body: Self.push(points), token: account.token).status
                    == .ok)
            #expect(try await app.dailyStepTotals("from=2021-11-28&to=2021-11-28", token: account.token) == [:])
            let page = try await web.get("/steps/day/2021-11-28").body.string
            #expect(page.contains("This day’s 105,000 steps are set aside"))
            let counted = try await web.post(
                "/steps/day/2021-11-28/count-anyway", fields: [("day", "1")], csrfPage: "/steps/day/2021-11-28")
            #expect(counted.status == .seeOther)
            #expect(try await app.dailyStepTotals("from=2021-11-28&to=2021-11-28", token: account.token) == ["2021-11-28": 105_000])
            #expect(try await web.get("/steps/day/2021-11-28?counted=1").body.string.contains("Counted. The day’s total includes it now."))
        }
    }
}
