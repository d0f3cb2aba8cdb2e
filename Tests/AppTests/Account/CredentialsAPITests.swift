import Fluent
import Foundation
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
            let other = try #require(try await logIn(app, account).jsonObject()["token"] as? String)
            let web = WebClient(app: app)
            try await web.logIn(email: account.email, password: account.password)

            let wrong = try await app.json(
                .PUT, "/api/v1/password", body: ["currentPassword": "not-my-password", "newPassword": "a-new-long-secret"],
                token: account.token)
            #expect(wrong.status == .unprocessableEntity)
            #expect((try wrong.apiError()["fields"] as? [String: String])?["currentPassword"] != nil)
            let common = try await app.json(
                .PUT, "/api/v1/password", body: ["currentPassword": account.password, "newPassword": "iloveyou1"], token: account.token)
            #expect((try common.apiError()["fields"] as? [String: String])?["newPassword"] != nil)
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
                (try missing.apiError()["fields"] as? [String: String])?["currentPassword"]
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
            #expect(try right.jsonObject()["email"] as? String == "new@example.com")
        }
    }

    @Test func tokens_areListedWithTheirNames_andRevocable_onlyByTheirOwner() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let phone = try #require(try await logIn(app, account, deviceName: "  Ada's iPhone ").jsonObject()["token"] as? String)
            let list = try await app.json(.GET, "/api/v1/tokens", token: phone)
            #expect(list.status == .ok)
            let tokens = try #require(try list.jsonObject()["tokens"] as? [[String: Any]])
            #expect(tokens.count == 2)
            let current = try #require(tokens.first { $0["current"] as? Bool == true })
            #expect(current["label"] as? String == "Ada's iPhone")
            #expect((current["expiresAt"] as? String)?.contains("T") == true)
            #expect(!list.body.string.contains(phone) && !list.body.string.contains(account.token))
            let unnamed = try #require(tokens.first { $0["current"] as? Bool == false })
            #expect(unnamed["label"] is NSNull, "no deviceName and no User-Agent: no name is made up")
            let signUpToken = try #require(unnamed["id"] as? String)

            let mallory = try await app.signUp()
            #expect(try await app.json(.DELETE, "/api/v1/tokens/\(signUpToken)", token: mallory.token).status == .notFound)
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .ok)
            #expect(try await app.json(.DELETE, "/api/v1/tokens/not-a-uuid", token: phone).status == .notFound)
            #expect(try await app.json(.DELETE, "/api/v1/tokens/\(signUpToken)", token: phone).status == .noContent)
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .unauthorized)
            let malloryList = try await app.json(.GET, "/api/v1/tokens", token: mallory.token)
            #expect((try malloryList.jsonObject()["tokens"] as? [Any])?.count == 1)
        }
    }

    @Test(arguments: [#"{"email":"a@b.co","password":"x","deviceName":""}"#, #"{"email":"a@b.co","password":"x","deviceName":7}"#])
    func aBadDeviceName_is422(body: String) async throws {
        try await withKinetic { app in
            let response = try await app.json(.POST, "/api/v1/login", rawBody: body)
            #expect(response.status == .unprocessableEntity)
            #expect((try response.apiError()["fields"] as? [String: String])?["deviceName"] != nil)
        }
    }
}
