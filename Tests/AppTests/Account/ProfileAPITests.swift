import Foundation
import Testing
import VaporTesting

@testable import App

@Suite struct ProfileAPITests {
    private func fitness(_ response: TestingHTTPResponse) throws -> [String: Any] {
        try #require(try response.jsonObject()["fitness"] as? [String: Any])
    }

    @Test func partialUpdate_changesOnlyWhatWasSent() async throws {
        try await withKinetic { app in
            let account = try await app.signUp(name: "Sam")
            let first = try await app.json(.PUT, "/api/v1/profile", body: ["fitness": ["bodyType": 2, "height": 71]], token: account.token)
            #expect(first.status == .ok)
            let second = try await app.json(
                .PUT, "/api/v1/profile", body: ["fitness": ["jumpGoal": 140_000, "calorieGoal": 4_800]], token: account.token)
            #expect(second.status == .ok)
            let shown = try await app.json(.GET, "/api/v1/profile", token: account.token)
            let stored = try fitness(shown)
            #expect(stored["bodyType"] as? Int == 2)
            #expect(stored["height"] as? Int == 71)
            #expect(stored["jumpGoal"] as? Int == 140_000)
            #expect(stored["calorieGoal"] as? Int == 4_800)
            #expect(try shown.jsonObject()["name"] as? String == "Sam")
        }
    }

    @Test(arguments: [
        (#"{"fitness": {"bodyType": 3}}"#, "fitness.bodyType"),
        (#"{"fitness": {"height": 0}}"#, "fitness.height"),
        (#"{"fitness": {"height": 120}}"#, "fitness.height"),
        (#"{"fitness": {"jumpGoal": -1}}"#, "fitness.jumpGoal"),
        (#"{"fitness": {"calorieGoal": -10}}"#, "fitness.calorieGoal"),
        (#"{"fitness": {"height": "72"}}"#, "fitness.height"),
        (#"{"fitness": {"bodyType": true}}"#, "fitness.bodyType"),
        (#"{"fitness": {"jumpGoal": 10.5}}"#, "fitness.jumpGoal"),
        (#"{"fitness": "tall"}"#, "fitness"),
        (#"{"fitness": {"calorieGoal": 500}}"#, "fitness.calorieGoal"),
        (#"{"name": ""}"#, "name"),
        (#"{"email": "broken"}"#, "email"),
        (#"{"language": "fr"}"#, "language"),
        (#"{"favouriteColour": "blue"}"#, "favouriteColour"),
    ])
    func invalidUpdate_is422AndStoresNothing(json: String, field: String) async throws {
        try await withKinetic { app in
            let account = try await app.signUp(name: "Kept")
            let before = try await app.json(.GET, "/api/v1/profile", token: account.token).body.string
            // A valid change sent together with the invalid one must not be stored either.
            var request = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            if request["name"] == nil { request["name"] = "Changed" }
            let response = try await app.json(.PUT, "/api/v1/profile", body: request, token: account.token)
            #expect(response.status == .unprocessableEntity)
            let error = try response.apiError()
            #expect(error["code"] as? String == "validation_failed")
            let fields = try #require(error["fields"] as? [String: String])
            #expect(fields[field] != nil, "expected an error on \(field), got \(fields)")
            let after = try await app.json(.GET, "/api/v1/profile", token: account.token).body.string
            #expect(after == before)
        }
    }

    @Test func calorieGoal_isAcceptedOnceBodyTypeAndHeightAreSet() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let response = try await app.json(
                .PUT, "/api/v1/profile", body: ["fitness": ["bodyType": 0, "height": 60, "calorieGoal": 900]], token: account.token)
            #expect(response.status == .ok)
            #expect(try fitness(response)["calorieGoal"] as? Int == 900)
        }
    }

    @Test func changingEmailToAnotherUsersAddress_is409() async throws {
        try await withKinetic { app in
            let first = try await app.signUp()
            let second = try await app.signUp()
            let response = try await app.json(
                .PUT, "/api/v1/profile", body: ["email": first.email, "currentPassword": second.password], token: second.token)
            #expect(response.status == .conflict)
        }
    }

    @Test func aUserSeesAndChangesOnlyTheirOwnProfile() async throws {
        try await withKinetic { app in
            let alice = try await app.signUp(name: "Alice")
            let bob = try await app.signUp(name: "Bob")
            let bobsView = try await app.json(.GET, "/api/v1/profile", token: bob.token)
            #expect(try bobsView.jsonObject()["customerId"] as? String == bob.customerId)
            #expect(!bobsView.body.string.contains(alice.email))
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["name": "Bobby", "fitness": ["height": 80]], token: bob.token)
            let alicesView = try await app.json(.GET, "/api/v1/profile", token: alice.token)
            #expect(try alicesView.jsonObject()["name"] as? String == "Alice")
            #expect(try fitness(alicesView)["height"] is NSNull)
        }
    }

    @Test func language_canBeChosenAndReset() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let german = try await app.json(.PUT, "/api/v1/profile", body: ["language": "de"], token: account.token)
            #expect(try german.jsonObject()["language"] as? String == "de")
            // API messages follow the user's language.
            let invalid = try await app.json(.PUT, "/api/v1/profile", body: ["fitness": ["height": 1]], token: account.token)
            #expect((try invalid.apiError()["message"] as? String) == "Einige Angaben müssen korrigiert werden.")
            let reset = try await app.json(.PUT, "/api/v1/profile", body: ["language": NSNull()], token: account.token)
            #expect(try reset.jsonObject()["language"] is NSNull)
        }
    }
}
