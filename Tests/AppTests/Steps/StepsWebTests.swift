import Fluent
import Foundation
import KineticCore
import NIOCore
import Testing
import VaporTesting
@testable import App

@Suite struct StepsWebTests {
    private func importExport(_ app: Application, token: String) async throws {
        #expect(try await app.uploadExport(StepsAPITests.export, token: token).status == .ok)
    }

    @Test func beforeAnyImport_thePageExplainsHowToBringDataIn() async throws {
        try await withKinetic { app in
            let (web, _) = try await app.signedInWebClient()
            let html = try await web.get("/steps").body.string
            #expect(html.contains("No steps yet"))
            #expect(html.contains("Export All Health Data"))
            #expect(html.contains("id=\"import-form\""))
            #expect(!html.contains("steps-chart"))
        }
    }

    @Test func chart_showsTheMonthsDeduplicatedDays_andBadgesFollowTheCache() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            try await importExport(app, token: account.token)
            let html = try await web.get("/steps?month=2021-03").body.string
            #expect(html.contains("data-month=\"2021-03\""))
            #expect(html.contains("data-day=\"1\" data-steps=\"1100\""))
            #expect(html.contains("data-day=\"2\" data-steps=\"2500\""))
            #expect(html.contains("data-day=\"31\" data-steps=\"0\""))
            #expect(html.contains("<strong>3,600</strong>"))
            #expect(html.contains("No achievements in March 2021"))
            #expect(html.contains("steps in March 2021"))
            #expect(!html.lowercased().contains("this month"), "a past month is named, never \"this month\"")
            #expect(!html.contains("chart-today"))
        }
    }

    @Test func badges_oneForEveryTenThousandSteps() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let body: [String: Any] = ["data": ["metrics": [["name": "step_count", "data": [
                ["qty": 12_000, "date": "2021-04-03 09:00:00 +0000"], ["qty": 13_500, "date": "2021-04-04 09:00:00 +0000"],
            ]]]]]
            #expect(try await app.json(.POST, "/api/v1/health/samples", body: body, token: account.token).status == .ok)
            let html = try await web.get("/steps?month=2021-04").body.string
            #expect(html.components(separatedBy: "class=\"badge\"").count - 1 == 2)
            #expect(html.range(of: "data-threshold=\"10000\"")!.lowerBound < html.range(of: "data-threshold=\"20000\"")!.lowerBound)
        }
    }

    @Test func upload_needsTheCSRFToken() async throws {
        try await withKinetic { app in
            let (web, _) = try await app.signedInWebClient()
            let token = try await web.csrfToken(from: "/steps")
            let without = try await web.post("/steps/import", form: [:], csrf: false)
            #expect(without.status == .forbidden)
            var headers = HTTPHeaders()
            headers.add(name: "X-CSRF-Token", value: token)
            headers.add(name: .accept, value: "application/json")
            headers.replaceOrAdd(name: .cookie, value: web.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
            let response = try await app.testing().sendRequest(.POST, "/steps/import", headers: headers, body: ByteBuffer(string: StepsAPITests.export))
            #expect(response.status == .ok)
            #expect(try response.jsonObject()["daysUpdated"] as? Int == 2)
        }
    }

    @Test func germanPage_namesMonthsInGerman() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            try await importExport(app, token: account.token)
            let html = try await web.get("/steps?month=2021-03", headers: ["Accept-Language": "de"]).body.string
            #expect(html.contains("März 2021"))
            #expect(html.contains("Schritte im März 2021"))
        }
    }
}
