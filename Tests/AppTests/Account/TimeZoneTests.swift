import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

/// "Today" is the user's: a profile setting, from the browser at sign-up, else the server's.
@Suite struct TimeZoneTests {
    /// 2026-11-22 12:00 UTC: already the 23rd on Kiritimati (UTC+14), still the 22nd on Pago Pago (UTC−11).
    private let noon = Date(timeIntervalSince1970: 1_795_392_000)

    private func signUp(_ app: Application, zone: String) async throws -> TestAccount {
        let email = "tz-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let response = try await app.json(
            .POST, "/api/v1/accounts", body: ["name": "Zoe", "email": email, "password": "long-enough-pw", "timeZone": zone])
        #expect(response.status == .created)
        let body = try response.decoded(as: Components.Schemas.AuthResponse.self)
        #expect(body.profile.timeZone == zone)
        return TestAccount(customerId: body.customerId, token: body.token, email: email, password: "long-enough-pw")
    }

    @Test func aSessionDatedTomorrowInUTC_isTodayForKiritimati_andTheFutureForPagoPago() async throws {
        try await withKinetic(now: noon) { app in
            let east = try await signUp(app, zone: "Pacific/Kiritimati")
            let west = try await signUp(app, zone: "Pacific/Pago_Pago")
            let session: [String: Any] = [
                "date": "2026-11-23", "numberOfJumps": 100, "parkName": "Plainfield", "startTime": "01:00", "endTime": "01:30",
            ]
            #expect(try await app.json(.POST, "/api/v1/jump-sessions", body: session, token: east.token).status == .created)
            #expect(try await app.json(.POST, "/api/v1/jump-sessions", body: session, token: west.token).status == .unprocessableEntity)
        }
    }

    @Test func theTimeZone_isChangedInTheProfile_andAnUnknownOneIsRefused() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            // Raw on purpose: without a zone of its own, `timeZone` is present as `null`, which decoding cannot tell from a missing member.
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).jsonObject()["timeZone"] is NSNull)
            let unknown = try await app.json(.PUT, "/api/v1/profile", body: ["timeZone": "Mars/Olympus_Mons"], token: account.token)
            #expect(unknown.status == .unprocessableEntity)
            #expect(try unknown.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties["timeZone"] != nil)
            let set = try await app.json(.PUT, "/api/v1/profile", body: ["timeZone": "Europe/Berlin"], token: account.token)
            #expect(try set.decoded(as: Components.Schemas.Profile.self).timeZone == "Europe/Berlin")
            let badSignUp = try await app.json(
                .POST, "/api/v1/accounts",
                body: ["name": "Z", "email": "z@example.com", "password": "long-enough-pw", "timeZone": "Nowhere"])
            #expect(badSignUp.status == .unprocessableEntity)
        }
    }

    @Test func theWeb_takesTheBrowsersZoneAtSignUp_andSettingsChangeIt() async throws {
        try await withKinetic { app in
            let web = WebClient(app: app)
            let signedUp = try await web.post(
                "/signup", form: ["name": "Zoe", "email": "zoe@example.com", "password": "long-enough-pw", "timeZone": "Asia/Tokyo"],
                csrfPage: "/signup")
            #expect(signedUp.status == .seeOther)
            let settings = try await web.get("/settings").body.string
            #expect(settings.contains(#"<option value="Asia/Tokyo" selected>"#))
            let saved = try await web.post("/settings/time-zone", form: ["timeZone": "America/New_York"], csrfPage: "/settings")
            #expect(saved.headers.first(name: .location) == "/settings?saved=timeZone")
            #expect(try await web.get("/settings?saved=timeZone").body.string.contains("Time zone saved."))
            #expect(
                try await web.post("/settings/time-zone", form: ["timeZone": "Atlantis"], csrfPage: "/settings").status
                    == .unprocessableEntity)
            let login = WebClient(app: app)
            let unknownZone = try await login.post(
                "/signup", form: ["name": "Ann", "email": "ann@example.com", "password": "long-enough-pw", "timeZone": "Nowhere/Else"],
                csrfPage: "/signup")
            #expect(unknownZone.status == .seeOther, "an unknown browser zone falls back to the server's")
        }
    }
}
