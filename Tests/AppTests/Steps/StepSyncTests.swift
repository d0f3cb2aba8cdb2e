import Foundation
import KineticCore
import Testing
import VaporTesting

@testable import App

/// A phone that sends its steps on its own: a key made in Settings, good for posting steps
/// (Health Auto Export's JSON, or a Shortcut's push) and nothing else, until it is removed.
@Suite struct StepSyncTests {
    /// Health Auto Export's body, as its REST automation posts it.
    private static func autoExport(_ points: [[String: Any]]) -> [String: Any] {
        ["data": ["metrics": [["name": "step_count", "units": "count", "data": points]], "workouts": []]]
    }

    /// Adds a phone through the Settings page; its key, read from the page that shows it once.
    private func addPhone(_ web: WebClient, way: String = "auto-export") async throws -> (key: String, page: TestingHTTPResponse) {
        let page = try await web.post(
            "/settings/step-sync", fields: [("name", "Léa’s iPhone"), ("way", way)], csrfPage: "/settings/step-sync")
        let html = page.body.string
        let start = try #require(html.range(of: "value=\"Bearer "))
        return (String(html[start.upperBound...].prefix { $0 != "\"" }), page)
    }

    private func post(
        _ app: Application, _ path: String, key: String, body: [String: Any], aggregation: String? = nil
    ) async throws
        -> TestingHTTPResponse
    {
        var headers: HTTPHeaders = ["Authorization": "Bearer " + key]
        if let aggregation { headers.add(name: "automation-aggregation", value: aggregation) }
        return try await app.json(.POST, path, body: body, headers: headers)
    }

    @Test func aKeyMadeInSettings_sendsHealthAutoExportsSteps_onlyThose_untilItIsRemoved() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let (key, page) = try await addPhone(web)
            #expect(page.headers.first(name: .cacheControl) == "no-store", "the page with the key is kept nowhere")
            #expect(page.body.string.contains("/api/v1/health/auto-export"))
            let body = Self.autoExport([
                ["qty": 500, "date": "2021-11-28 2:00:00\u{202F}PM -0500", "source": "Léa’s Apple Watch"],
                ["qty": 450, "date": "2021-11-28 14:00:00 -0500", "source": "Léa’s iPhone"],
                // Health Auto Export's total of both, trusted less than either.
                ["qty": 900, "date": "2021-11-28 14:00:00 -0500", "source": "Léa’s iPhone|Léa’s Apple Watch"],
                ["qty": 120, "date": "2021-11-28 15:00:00 -0500", "source": "Léa’s iPhone|Léa’s Apple Watch"],
            ])
            let synced = try await post(app, "/api/v1/health/auto-export", key: key, body: body, aggregation: "Hours")
            #expect(synced.status == .ok)
            #expect(synced.body.string.contains("\"days\":[{\"date\":\"2021-11-28\",\"steps\":620}]"), "\(synced.body.string)")
            // The same sync again changes nothing.
            _ = try await post(app, "/api/v1/health/auto-export", key: key, body: body, aggregation: "Hours")
            #expect(try await app.dailyStepTotals("from=2021-11-28&to=2021-11-28", token: account.token) == ["2021-11-28": 620])
            // The key posts steps, and reads nothing.
            #expect(try await app.json(.GET, "/api/v1/steps/daily", headers: ["Authorization": "Bearer " + key]).status == .unauthorized)
            #expect(try await app.json(.GET, "/api/v1/profile", headers: ["Authorization": "Bearer " + key]).status == .unauthorized)
            // Settings lists the phone with its last sync, and removes it: the key stops at once.
            let listed = try await web.get("/settings/step-sync").body.string
            #expect(listed.contains("Léa’s iPhone") && listed.contains("4 step points"))
            let id = try #require(listed.range(of: "/settings/step-sync/")).upperBound
            let deviceID = String(listed[id...].prefix(36))
            let (other, _) = try await app.signedInWebClient()
            #expect(
                try await other.post("/settings/step-sync/\(deviceID)/remove", fields: [], csrfPage: "/settings/step-sync").status
                    == .notFound)
            let removed = try await web.post("/settings/step-sync/\(deviceID)/remove", fields: [], csrfPage: "/settings/step-sync")
            #expect(removed.status == .seeOther)
            #expect(try await post(app, "/api/v1/health/auto-export", key: key, body: body).status == .unauthorized)
        }
    }

    @Test func theAggregation_isThePeriodOfEachPoint_andOneKineticCannotUseIsRefused() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let (key, _) = try await addPhone(web)
            let point = Self.autoExport([["qty": 240, "date": "2021-11-27 23:30:00 +0000", "source": "Léa’s iPhone"]])
            // Minutes when it says nothing: all of it on the 27th.
            #expect(try await post(app, "/api/v1/health/auto-export", key: key, body: point).status == .ok)
            #expect(try await app.dailyStepTotals("from=2021-11-27&to=2021-11-28", token: account.token) == ["2021-11-27": 240])
            // Hours: 23:30–00:30, half on each day.
            #expect(try await post(app, "/api/v1/health/auto-export", key: key, body: point, aggregation: "Hours").status == .ok)
            #expect(
                try await app.dailyStepTotals("from=2021-11-27&to=2021-11-28", token: account.token) == [
                    "2021-11-27": 120, "2021-11-28": 120,
                ])
            // A sample not summarised, as its start and end.
            let sample = Self.autoExport([
                [
                    "qty": 100, "startDate": "2021-11-28 09:00:00 +0000", "endDate": "2021-11-28 09:02:00 +0000",
                    "source": "Léa’s Apple Watch",
                ]
            ])
            #expect(try await post(app, "/api/v1/health/auto-export", key: key, body: sample).status == .ok)
            #expect(try await app.dailyStepTotals("from=2021-11-28&to=2021-11-28", token: account.token) == ["2021-11-28": 220])
            let weeks = try await post(app, "/api/v1/health/auto-export", key: key, body: point, aggregation: "Weeks")
            #expect(weeks.status == .unprocessableEntity && weeks.body.string.contains("minutes, hours or days"))
        }
    }

    @Test func aShortcutsKey_pushesSamplesWithTheirEnds_asTheRecipeBuildsThem() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let (key, page) = try await addPhone(web, way: "shortcut")
            #expect(page.body.string.contains("/api/v1/health/samples") && page.body.string.contains("Find Health Samples"))
            // The recipe's text: points joined by commas inside the envelope.
            let points = [
                #"{"qty": 320, "date": "2021-11-28 08:00:00 +0100", "end": "2021-11-28 08:10:00 +0100", "source": "Léa’s iPhone"}"#,
                #"{"qty": 80, "date": "2021-11-28 09:00:00 +0100", "end": "2021-11-28 09:02:00 +0100", "source": "Léa’s iPhone"}"#,
            ]
            let text = #"{"data":{"metrics":[{"name":"step_count","units":"count","data":["# + points.joined(separator: ",") + "]}]}}"
            let pushed = try await app.json(.POST, "/api/v1/health/samples", rawBody: text, headers: ["Authorization": "Bearer " + key])
            #expect(pushed.status == .ok)
            #expect(try await app.dailyStepTotals("from=2021-11-28&to=2021-11-28", token: account.token) == ["2021-11-28": 400])
            #expect(try await web.get("/settings/step-sync").body.string.contains("2 step points"))
        }
    }
}
