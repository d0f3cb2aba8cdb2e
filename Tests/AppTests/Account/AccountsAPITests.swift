import Fluent
import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

@Suite struct AccountsAPITests {
    @Test func signUp_returnsCustomerTokenAndProfileWithFitness() async throws {
        try await withKinetic { app in
            let response = try await app.json(
                .POST, "/api/v1/accounts", body: ["name": "Ada", "email": "Ada@Example.com", "password": "analytical-engine"])
            #expect(response.status == .created)
            let body = try response.decoded(as: Components.Schemas.AuthResponse.self)
            let profile = body.profile
            #expect(profile.customerId == body.customerId)
            #expect(profile.email == "ada@example.com")
            // Raw on purpose: body type and height are present as `null` until set, which decoding cannot tell from
            // missing members.
            let rawFitness = try #require((try response.jsonObject()["profile"] as? [String: Any])?["fitness"] as? [String: Any])
            #expect(rawFitness["bodyType"] is NSNull)
            #expect(rawFitness["height"] is NSNull)
            #expect(profile.fitness.jumpGoal == 10_000)
            #expect(profile.fitness.calorieGoal == 0)
            #expect(body.token.count == 43)
        }
    }

    @Test func signUp_storesABcryptHashNotThePassword() async throws {
        try await withKinetic { app in
            let account = try await app.signUp(password: "plain-text-secret")
            let user = try #require(try await User.query(on: app.db).filter(\.$email == account.email).first())
            #expect(user.passwordHash.hasPrefix("$2"))
            #expect(!user.passwordHash.contains("plain-text-secret"))
        }
    }

    @Test func signUp_duplicateEmail_is409() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let response = try await app.json(
                .POST, "/api/v1/accounts", body: ["name": "B", "email": account.email.uppercased(), "password": "another-password"])
            #expect(response.status == .conflict)
            #expect(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "email_taken")
            #expect(try await User.query(on: app.db).count() == 1)
        }
    }

    @Test func signUp_invalidFields_are422WithAMessagePerField() async throws {
        try await withKinetic { app in
            let response = try await app.json(.POST, "/api/v1/accounts", body: ["name": "", "email": "nope", "password": "short"])
            #expect(response.status == .unprocessableEntity)
            let error = try response.decoded(as: Components.Schemas.ErrorResponse.self).error
            #expect(error.code == "validation_failed")
            let fields = try #require(error.fields?.additionalProperties)
            #expect(fields["password"] == "Use at least 8 characters for your password.")
            #expect(fields["email"] != nil)
            #expect(fields["name"] != nil)
            #expect(try await User.query(on: app.db).count() == 0)
        }
    }

    /// Names with line breaks or NUL (which once cut a name short in storage) and addresses a
    /// mail server could read as something else are refused, on sign-up and on the profile.
    @Test func namesWithControlCharacters_andLaxAddresses_are422() async throws {
        try await withKinetic { app in
            for (name, email) in [
                ("Evil\u{0}nul", "evil@example.com"), ("Two\r\nLines", "two@example.com"), ("Ann", "a..b@example.com"),
                ("Ann", "a@127.0.0.1"),
            ] {
                let response = try await app.json(
                    .POST, "/api/v1/accounts", body: ["name": name, "email": email, "password": "long-enough-pw"])
                #expect(response.status == .unprocessableEntity, "\(name) \(email)")
            }
            #expect(try await User.query(on: app.db).count() == 0)
            let account = try await app.signUp()
            let renamed = try await app.json(.PUT, "/api/v1/profile", body: ["name": "Bell\u{7}"], token: account.token)
            #expect(renamed.status == .unprocessableEntity)
            #expect(
                try #require(try renamed.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties)["name"]
                    == "Use a name without line breaks or control characters.")
        }
    }

    @Test(arguments: ["password1", "Iloveyou1", "qwertyuiop", "nul\u{0}password"])
    func signUp_commonPasswordsAndNULBytes_are422(password: String) async throws {
        try await withKinetic { app in
            let response = try await app.json(
                .POST, "/api/v1/accounts", body: ["name": "Ada", "email": "ada@example.com", "password": password])
            #expect(response.status == .unprocessableEntity)
            let fields = try #require(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties)
            #expect(fields["password"]?.contains(password.contains("\u{0}") ? "NUL" : "most common") == true)
            #expect(try await User.query(on: app.db).count() == 0)
        }
    }

    @Test func signUp_wrongTypesAndBadJSON_areRejected() async throws {
        try await withKinetic { app in
            let wrongTypes = try await app.json(.POST, "/api/v1/accounts", body: ["name": 5, "email": true, "password": ["x"]])
            #expect(wrongTypes.status == .unprocessableEntity)
            #expect(try wrongTypes.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties.count == 3)
            let broken = try await app.json(.POST, "/api/v1/accounts", rawBody: "{\"name\": ")
            #expect(broken.status == .badRequest)
            #expect(try broken.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "invalid_json")
        }
    }

    @Test func login_withRightAndWrongPasswords() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let ok = try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": account.password])
            #expect(ok.status == .ok)
            // The answer decodes only with the profile and its fitness object, both required members.
            #expect(throws: Never.self, "the profile comes with its fitness object") {
                try ok.decoded(as: Components.Schemas.AuthResponse.self).profile.fitness
            }
            #expect(try ok.decoded(as: Components.Schemas.AuthResponse.self).customerId == account.customerId)
            let wrong = try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": "not-the-password"])
            #expect(wrong.status == .unauthorized)
            let unknown = try await app.json(.POST, "/api/v1/login", body: ["email": "nobody@example.com", "password": "whatever-pw"])
            #expect(unknown.status == .unauthorized)
            #expect(
                try unknown.decoded(as: Components.Schemas.ErrorResponse.self).error.message
                    == wrong.decoded(as: Components.Schemas.ErrorResponse.self).error.message)
        }
    }

    @Test func logout_revokesTheToken() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .ok)
            #expect(try await app.json(.POST, "/api/v1/logout", token: account.token).status == .noContent)
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .unauthorized)
            #expect(try await app.json(.POST, "/api/v1/logout", token: account.token).status == .unauthorized)
        }
    }

    @Test func missingOrForgedToken_is401() async throws {
        try await withKinetic { app in
            _ = try await app.signUp()
            let none = try await app.json(.GET, "/api/v1/profile")
            #expect(none.status == .unauthorized)
            #expect(try none.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "unauthenticated")
            #expect(try await app.json(.GET, "/api/v1/profile", token: "forged-token").status == .unauthorized)
        }
    }

    @Test func repeatedFailedLogins_areSlowedDown() async throws {
        try await withKinetic(loginBurstPerAccount: 3) { app in
            let account = try await app.signUp()
            for _ in 0..<3 {
                let attempt = try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": "wrong-password"])
                #expect(attempt.status == .unauthorized)
            }
            let throttled = try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": account.password])
            #expect(throttled.status == .tooManyRequests)
            let error = try throttled.decoded(as: Components.Schemas.ErrorResponse.self).error
            #expect(error.code == "too_many_attempts")
            #expect(Int(throttled.headers.first(name: .retryAfter) ?? "") ?? 0 > 0)
            #expect(error.message.contains("Try again in"))
            // Another account is not affected.
            let other = try await app.signUp()
            #expect(try await app.json(.POST, "/api/v1/login", body: ["email": other.email, "password": other.password]).status == .ok)
        }
    }
}
