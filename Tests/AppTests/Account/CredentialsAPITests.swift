import Fluent
import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

/// Changing the password, proving it for a new e-mail address, and the API token list.
@Suite struct CredentialsAPITests {
    private func logIn(
        _ app: Application, _ account: TestAccount, password: String? = nil, deviceName: String? = nil
    ) async throws -> TestingHTTPResponse {
        var body = ["email": account.email, "password": password ?? account.password]
        body["deviceName"] = deviceName
        return try await app.json(.POST, "/api/v1/login", body: body)
    }

    @Test func changingThePassword_needsTheCurrentOne_andEndsEveryOtherSessionAndToken() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let other = try await logIn(app, account).decoded(as: Components.Schemas.AuthResponse.self).token
            let web = WebClient(app: app)
            try await web.logIn(email: account.email, password: account.password)

            let wrong = try await app.json(
                .PUT, "/api/v1/password", body: ["currentPassword": "not-my-password", "newPassword": "a-new-long-secret"],
                token: account.token)
            #expect(wrong.status == .unprocessableEntity)
            let wrongError = try wrong.decoded(as: Components.Schemas.ErrorResponse.self).error
            #expect(wrongError.fields?.additionalProperties["currentPassword"] != nil)
            let common = try await app.json(
                .PUT, "/api/v1/password", body: ["currentPassword": account.password, "newPassword": "iloveyou1"], token: account.token)
            #expect(try common.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties["newPassword"] != nil)
            #expect(try await app.json(.GET, "/api/v1/profile", token: other).status == .ok)

            let changed = try await app.json(
                .PUT, "/api/v1/password", body: ["currentPassword": account.password, "newPassword": "a-new-long-secret"],
                token: account.token)
            #expect(changed.status == .noContent)
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .ok)
            #expect(try await app.json(.GET, "/api/v1/profile", token: other).status == .unauthorized)
            #expect(try await web.get("/profile").status == .seeOther)
            #expect(try await logIn(app, account).status == .unauthorized)
            #expect(try await logIn(app, account, password: "a-new-long-secret").status == .ok)
        }
    }

    @Test func aWrongCurrentPassword_isThrottledLikeALogin() async throws {
        try await withKinetic(loginBurstPerAccount: 3) { app in
            let account = try await app.signUp()
            var statuses: [HTTPStatus] = []
            for attempt in 0..<5 {
                let body = ["currentPassword": "guess-number-\(attempt)", "newPassword": "a-new-long-secret"]
                statuses.append(try await app.json(.PUT, "/api/v1/password", body: body, token: account.token).status)
            }
            #expect(statuses == [.unprocessableEntity, .unprocessableEntity, .unprocessableEntity, .tooManyRequests, .tooManyRequests])
        }
    }

    @Test func aNewEmailAddress_needsTheCurrentPassword() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let missing = try await app.json(.PUT, "/api/v1/profile", body: ["email": "new@example.com"], token: account.token)
            #expect(missing.status == .unprocessableEntity)
            #expect(
                try missing.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties["currentPassword"]
                    == "Enter your current password to change your e-mail address.")
            let wrong = try await app.json(
                .PUT, "/api/v1/profile", body: ["email": "new@example.com", "currentPassword": "not-my-password"], token: account.token)
            #expect(wrong.status == .unprocessableEntity)
            #expect(try await User.query(on: app.db).filter(\.$email == "new@example.com").count() == 0)
            let sameAddress = try await app.json(
                .PUT, "/api/v1/profile", body: ["email": account.email, "name": "Renamed"], token: account.token)
            #expect(sameAddress.status == .ok)
            let right = try await app.json(
                .PUT, "/api/v1/profile", body: ["email": "New@Example.com", "currentPassword": account.password], token: account.token)
            #expect(right.status == .ok)
            #expect(try right.decoded(as: Components.Schemas.Profile.self).email == "new@example.com")
        }
    }

    @Test func tokens_areListedWithTheirNames_andRevocable_onlyByTheirOwner() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let phone = try await logIn(app, account, deviceName: "  Ada's iPhone ").decoded(as: Components.Schemas.AuthResponse.self).token
            let list = try await app.json(.GET, "/api/v1/tokens", token: phone)
            #expect(list.status == .ok)
            let tokens = try list.decoded(as: Components.Schemas.TokenList.self).tokens
            #expect(tokens.count == 2)
            let current = try #require(tokens.first { $0.current })
            #expect(current.label == "Ada's iPhone")
            #expect(current.expiresAt != nil, "a date-time, which decoding reads as ISO 8601")
            #expect(!list.body.string.contains(phone) && !list.body.string.contains(account.token))
            let unnamed = try #require(tokens.first { !$0.current })
            // Raw on purpose: the label is present as `null`, which decoding cannot tell from a missing member.
            let rawTokens = try #require(try list.jsonObject()["tokens"] as? [[String: Any]])
            let rawUnnamed = try #require(rawTokens.first { $0["current"] as? Bool == false })
            #expect(rawUnnamed["label"] is NSNull, "no deviceName and no User-Agent: no name is made up")
            let signUpToken = unnamed.id

            let mallory = try await app.signUp()
            #expect(try await app.json(.DELETE, "/api/v1/tokens/\(signUpToken)", token: mallory.token).status == .notFound)
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .ok)
            #expect(try await app.json(.DELETE, "/api/v1/tokens/not-a-uuid", token: phone).status == .notFound)
            #expect(try await app.json(.DELETE, "/api/v1/tokens/\(signUpToken)", token: phone).status == .noContent)
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .unauthorized)
            let malloryList = try await app.json(.GET, "/api/v1/tokens", token: mallory.token)
            #expect(try malloryList.decoded(as: Components.Schemas.TokenList.self).tokens.count == 1)
        }
    }

    @Test(arguments: [#"{"email":"a@b.co","password":"x","deviceName":""}"#, #"{"email":"a@b.co","password":"x","deviceName":7}"#])
    func aBadDeviceName_is422(body: String) async throws {
        try await withKinetic { app in
            let response = try await app.json(.POST, "/api/v1/login", rawBody: body)
            #expect(response.status == .unprocessableEntity)
            #expect(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties["deviceName"] != nil)
        }
    }
}
