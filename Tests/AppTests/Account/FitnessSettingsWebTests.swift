import Fluent
import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

@Suite struct FitnessSettingsWebTests {
    @Test func formPost_savesAndRedirects() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let response = try await web.post("/settings/fitness", form: ["bodyType": "2", "height": "74"], csrfPage: "/settings/fitness")
            #expect(response.status == .seeOther)
            #expect(response.headers.first(name: .location) == "/settings/fitness?saved=1")
            let profile = try await app.json(.GET, "/api/v1/profile", token: account.token).decoded(as: Components.Schemas.Profile.self)
            let fitness = profile.fitness
            #expect(fitness.bodyType == 2)
            #expect(fitness.height == 74)
            let page = try await web.get("/settings/fitness?saved=1").body.string
            #expect(page.contains("Fitness settings saved."))
            #expect(page.contains("value=\"74\""))
        }
    }

    @Test func scriptPost_answersJSON() async throws {
        try await withKinetic { app in
            let (web, _) = try await app.signedInWebClient()
            // Raw on purpose: the settings page's JSON answers are no API answers; the document does not describe them.
            let ok = try await web.post(
                "/settings/fitness", form: ["height": "65"], csrfPage: "/settings/fitness", headers: ["Accept": "application/json"])
            #expect(ok.status == .ok)
            #expect((try ok.jsonObject()["fitness"] as? [String: Any])?["height"] as? Int == 65)
            let bad = try await web.post(
                "/settings/fitness", form: ["height": "200"], csrfPage: "/settings/fitness", headers: ["Accept": "application/json"])
            #expect(bad.status == .unprocessableEntity)
            #expect((try bad.apiError()["fields"] as? [String: String])?["height"] != nil)
        }
    }

    @Test(arguments: [["height": "20"], ["height": "tall"], ["bodyType": "5"]])
    func invalidForm_rerendersWith422AndKeepsStoredValues(form: [String: String]) async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let response = try await web.post("/settings/fitness", form: form, csrfPage: "/settings/fitness")
            #expect(response.status == .unprocessableEntity)
            #expect(response.body.string.contains("field-error"))
            // Raw on purpose: both figures are present as `null`, which decoding cannot tell from missing members.
            let fitness = try await app.json(.GET, "/api/v1/profile", token: account.token).jsonObject()["fitness"] as? [String: Any]
            #expect(fitness?["height"] is NSNull)
            #expect(fitness?["bodyType"] is NSNull)
        }
    }

    @Test func page_rendersRulerAndThreeBodyTypes() async throws {
        try await withKinetic { app in
            let (web, _) = try await app.signedInWebClient()
            let html = try await web.get("/settings/fitness").body.string
            #expect(html.components(separatedBy: "name=\"bodyType\"").count - 1 == 3)
            #expect(html.contains("data-ruler"))
            #expect(html.contains("data-min=\"36\""))
            #expect(html.contains("id=\"unsaved-dialog\""))
        }
    }

    @Test func settingsLanguageForm_changesThePagesLanguage() async throws {
        try await withKinetic { app in
            let (web, _) = try await app.signedInWebClient()
            let response = try await web.post("/settings/language", form: ["language": "de"], csrfPage: "/settings")
            #expect(response.status == .seeOther)
            let page = try await web.get("/settings/fitness").body.string
            #expect(page.contains("lang=\"de\""))
            #expect(page.contains("Körpertyp"))
            let invalid = try await web.post("/settings/language", form: ["language": "xx"], csrfPage: "/settings")
            #expect(invalid.status == .unprocessableEntity)
        }
    }
}
