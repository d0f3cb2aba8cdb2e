import Fluent
import Foundation
import KineticAPI
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
            let body: [String: Any] = [
                "data": [
                    "metrics": [
                        [
                            "name": "step_count",
                            "data": [
                                ["qty": 12_000, "date": "2021-04-03 09:00:00 +0000"], ["qty": 13_500, "date": "2021-04-04 09:00:00 +0000"],
                            ],
                        ]
                    ]
                ]
            ]
            #expect(try await app.json(.POST, "/api/v1/health/samples?interval=day", body: body, token: account.token).status == .ok)
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
            let response = try await app.testing().sendRequest(
                .POST, "/steps/import", headers: headers, body: ByteBuffer(string: StepsAPITests.export))
            #expect(response.status == .ok)
            // Raw on purpose: the Steps page's JSON answer is no API answer; the document does not describe it.
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

    @Test func afterAnImport_thePageOpensWithItsSummary_andTheImportCardRemembersIt() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let id = try await app.uploadExport(StepsAPITests.export, token: account.token)
                .decoded(as: Operations.ImportHealthExport.Output.Ok.Body.JsonPayload.self).id
            let html = try await web.get("/steps?month=2021-03&imported=\(id)").body.string
            #expect(html.contains("id=\"import-result\""))
            #expect(html.contains("Import finished"))
            #expect(html.contains("Showing March 2021, the month of the latest data."))
            #expect(html.contains("<dt>Days with steps</dt><dd>2</dd>"))
            #expect(html.contains("Mar 1, 2021 – Mar 2, 2021"))
            #expect(html.contains("Last import on Jan 15, 2027"))
            // Without the import's id (a later visit) only the import card keeps it.
            let later = try await web.get("/steps?month=2021-03").body.string
            #expect(!later.contains("id=\"import-result\""))
            #expect(later.contains("Last import on Jan 15, 2027"))
        }
    }

    @Test func anotherUsersImport_isNeverShown() async throws {
        try await withKinetic { app in
            let owner = try await app.signUp()
            let id = try await app.uploadExport(StepsAPITests.export, token: owner.token)
                .decoded(as: Operations.ImportHealthExport.Output.Ok.Body.JsonPayload.self).id
            let (web, _) = try await app.signedInWebClient()
            let html = try await web.get("/steps?imported=\(id)").body.string
            #expect(!html.contains("import-result"))
            #expect(!html.contains("Last import"))
            #expect(!html.contains("Records read"))
        }
    }

    @Test func monthPicker_offersEveryMonthFromTheFirstData_newestFirst() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            try await importExport(app, token: account.token)
            let html = try await web.get("/steps?month=2021-03").body.string
            let options = html.components(separatedBy: "<option value=\"").dropFirst().map { String($0.prefix(7)) }
            // March 2021 to January 2027 (the pinned today): 10 + 5 × 12 + 1 months.
            #expect(options.count == 71)
            #expect(options.first == "2027-01")
            #expect(options.last == "2021-03")
            #expect(html.contains("<option value=\"2021-03\" selected>March 2021</option>"))
            #expect(html.contains("<optgroup label=\"2021\">"))
            #expect(html.contains("<form class=\"month-picker\" method=\"get\" action=\"/steps\""))
            #expect(try await web.get("/steps?month=2022-07").body.string.contains("<option value=\"2022-07\" selected>"))
        }
    }

    @Test func loader_clampsTheMonthToTheData_withoutHTTP() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            try await importExport(app, token: account.token)
            let userID = try #require(UUID(uuidString: account.customerId))
            let loader = StepsPage.Loader(database: app.db, userID: userID, clock: app.userCalendar)
            let early = try await loader.load(month: Month("2019-01"))
            #expect(early.month == Month("2021-03"))
            #expect(early.navigation.previous == nil)
            #expect(early.chart.points.count == 31)
            #expect(early.monthTotal == 3_600)
            #expect(early.lastImport?.summary.days == LocalDate("2021-03-01")!...LocalDate("2021-03-02")!)
            #expect(!early.justImported)
            let late = try await loader.load(month: Month("2030-01"), importID: early.lastImport?.summary.id)
            #expect(late.month == Month("2027-01"))
            #expect(late.isCurrentMonth)
            #expect(late.justImported)
        }
    }
}
