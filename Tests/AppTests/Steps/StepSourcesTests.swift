import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

/// Steps settings: the order of sources, over the API and the page, and the totals that follow it.
@Suite struct StepSourcesTests {
    private typealias SourceKind = Components.Schemas.StepSources.SourcesPayloadPayload.KindPayload

    private let march = "from=2021-03-01&to=2021-03-31"

    private func sources(_ app: Application, token: String) async throws -> (custom: Bool, names: [String], kinds: [SourceKind]) {
        let response = try await app.json(.GET, "/api/v1/steps/sources", token: token)
        #expect(response.status == .ok)
        let listing = try response.decoded(as: Components.Schemas.StepSources.self)
        return (listing.customOrder, listing.sources.map(\.name), listing.sources.map(\.kind))
    }

    @Test func importedSources_areListedInTheDefaultOrder() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            #expect(try await sources(app, token: account.token).names.isEmpty)
            #expect(try await app.uploadExport(StepsAPITests.export, token: account.token).status == .ok)
            let listed = try await sources(app, token: account.token)
            #expect(listed.custom == false)
            #expect(listed.names == ["Health", "Ana’s Apple Watch", "Ana’s iPhone"])
            #expect(listed.kinds == [.manual, .watch, .phone])
        }
    }

    @Test func newOrder_recomputesTheTotals_andTheDefaultComesBack() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            #expect(try await app.uploadExport(StepsAPITests.export, token: account.token).status == .ok)
            #expect(try await app.dailyStepTotals(march, token: account.token)["2021-03-01"] == 500 + 600)

            // The iPhone above the watch: its ten minutes count whole, the watch's overlap not at all.
            let put = try await app.json(
                .PUT, "/api/v1/steps/sources", body: ["order": ["Ana’s iPhone", "Ana’s Apple Watch"]], token: account.token)
            #expect(put.status == .ok)
            #expect(try put.decoded(as: Components.Schemas.StepSources.self).customOrder)
            #expect(try await sources(app, token: account.token).names == ["Ana’s iPhone", "Ana’s Apple Watch", "Health"])
            #expect(try await app.dailyStepTotals(march, token: account.token) == ["2021-03-01": 1_000, "2021-03-02": 2_500])

            // The same order again changes nothing; the default order stores nothing.
            #expect(
                try await app.json(
                    .PUT, "/api/v1/steps/sources", body: ["order": ["Ana’s iPhone", "Ana’s Apple Watch"]], token: account.token
                ).status == .ok)
            #expect(try await app.json(.PUT, "/api/v1/steps/sources", body: ["order": [String]()], token: account.token).status == .ok)
            #expect(try await sources(app, token: account.token).custom == false)
            #expect(try await app.dailyStepTotals(march, token: account.token)["2021-03-01"] == 1_100)
        }
    }

    @Test func badOrders_are422_andChangeNothing() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            #expect(try await app.uploadExport(StepsAPITests.export, token: account.token).status == .ok)
            let unknown = try await app.json(
                .PUT, "/api/v1/steps/sources", body: ["order": ["Ana’s iPhone", "Bob’s Watch", "Ana’s iPhone"]], token: account.token)
            #expect(unknown.status == .unprocessableEntity)
            let fields = try #require(try unknown.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties)
            #expect(Set(fields.keys) == ["order[1]", "order[2]"])
            for body: Any in [["order": "Ana’s iPhone"], ["order": [1]], ["order": [], "extra": true], ["sources": []]] {
                #expect(try await app.json(.PUT, "/api/v1/steps/sources", body: body, token: account.token).status == .unprocessableEntity)
            }
            #expect(try await app.json(.PUT, "/api/v1/steps/sources", rawBody: "{", token: account.token).status == .badRequest)
            #expect(try await sources(app, token: account.token).custom == false)
            #expect(try await app.dailyStepTotals(march, token: account.token)["2021-03-01"] == 1_100)
        }
    }

    @Test func anotherUsersSources_areNeitherListedNorOrderable() async throws {
        try await withKinetic { app in
            let alice = try await app.signUp()
            let bob = try await app.signUp()
            #expect(try await app.uploadExport(StepsAPITests.export, token: alice.token).status == .ok)
            #expect(try await sources(app, token: bob.token).names.isEmpty)
            #expect(
                try await app.json(.PUT, "/api/v1/steps/sources", body: ["order": ["Ana’s iPhone"]], token: bob.token).status
                    == .unprocessableEntity)
            #expect(try await app.json(.GET, "/api/v1/steps/sources").status == .unauthorized)
            let (web, _) = try await app.signedInWebClient()
            #expect(!(try await web.get("/steps/sources").body.string.contains("Ana’s iPhone")))
        }
    }

    @Test func pushedSamples_addTheirSource() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let body: [String: Any] = [
                "data": [
                    "metrics": [
                        ["name": "step_count", "data": [["qty": 50, "date": "2021-04-03 09:00:00 +0000", "source": "Pedometer++"]]]
                    ]
                ]
            ]
            #expect(try await app.json(.POST, "/api/v1/health/samples", body: body, token: account.token).status == .ok)
            let listed = try await sources(app, token: account.token)
            #expect(listed.names == ["Pedometer++"])
            #expect(listed.kinds == [.other])
        }
    }

    @Test func page_movesWithoutSaving_thenSaves_thenResets() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            #expect(try await app.uploadExport(StepsAPITests.export, token: account.token).status == .ok)
            let page = try await web.get("/steps/sources").body.string
            #expect(page.contains("aria-label=\"Move Ana’s iPhone up\""))
            #expect(page.contains("Default order"))
            let order = ["Health", "Ana’s Apple Watch", "Ana’s iPhone"].map { ("order[]", $0) }

            // Without script, a move shows the new order and keeps focus on the moved row; nothing is saved.
            let moved = try await web.post("/steps/sources", fields: order + [("move", "up:2")], csrfPage: "/steps/sources")
            #expect(moved.status == .ok)
            let html = moved.body.string
            #expect(html.range(of: "value=\"Ana’s iPhone\"")!.lowerBound < html.range(of: "value=\"Ana’s Apple Watch\"")!.lowerBound)
            #expect(html.contains("Ana’s iPhone is now number 2 of 3."))
            #expect(html.contains("value=\"up:1\" aria-label=\"Move Ana’s iPhone up\" data-direction=\"-1\" autofocus"))
            #expect(try await sources(app, token: account.token).custom == false)

            let saved = try await web.post(
                "/steps/sources", fields: [("order[]", "Health"), ("order[]", "Ana’s iPhone"), ("order[]", "Ana’s Apple Watch")],
                csrfPage: "/steps/sources")
            #expect(saved.status == .seeOther)
            #expect(saved.headers.first(name: .location) == "/steps/sources?saved=1")
            #expect(try await sources(app, token: account.token).names == ["Health", "Ana’s iPhone", "Ana’s Apple Watch"])
            #expect(try await app.dailyStepTotals(march, token: account.token)["2021-03-01"] == 1_000)
            #expect(try await web.get("/steps/sources?saved=1").body.string.contains("Restore Default Order"))

            let reset = try await web.post("/steps/sources", fields: [("reset", "true")], csrfPage: "/steps/sources")
            #expect(reset.status == .seeOther)
            #expect(try await sources(app, token: account.token).custom == false)
            #expect(try await app.dailyStepTotals(march, token: account.token)["2021-03-01"] == 1_100)

            let tampered = try await web.post("/steps/sources", fields: [("order[]", "Nobody’s Phone")], csrfPage: "/steps/sources")
            #expect(tampered.status == .unprocessableEntity)
            #expect(tampered.body.string.contains("This is not one of your sources."))
            #expect(try await web.post("/steps/sources", fields: order, csrf: false).status == .forbidden)
        }
    }
}
