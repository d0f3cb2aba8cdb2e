import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

@Suite struct ProfileAPITests {
    private func profile(_ response: TestingHTTPResponse) throws -> Components.Schemas.Profile {
        try response.decoded(as: Components.Schemas.Profile.self)
    }

    @Test func partialUpdate_changesOnlyWhatWasSent() async throws {
        try await withKinetic { app in
            let account = try await app.signUp(name: "Sam")
            let first = try await app.json(.PUT, "/api/v1/profile", body: ["fitness": ["bodyType": 2, "height": 71]], token: account.token)
            #expect(first.status == .ok)
            let second = try await app.json(
                .PUT, "/api/v1/profile", body: ["fitness": ["jumpGoal": 140_000, "calorieGoal": 4_800]], token: account.token)
            #expect(second.status == .ok)
            let shown = try profile(await app.json(.GET, "/api/v1/profile", token: account.token))
            let stored = shown.fitness
            #expect(stored.bodyType == 2)
            #expect(stored.height == 71)
            #expect(stored.jumpGoal == 140_000)
            #expect(stored.calorieGoal == 4_800)
            #expect(shown.name == "Sam")
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
            let error = try response.decoded(as: Components.Schemas.ErrorResponse.self).error
            #expect(error.code == "validation_failed")
            let fields = try #require(error.fields?.additionalProperties)
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
            #expect(try profile(response).fitness.calorieGoal == 900)
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
            #expect(try profile(bobsView).customerId == bob.customerId)
            #expect(!bobsView.body.string.contains(alice.email))
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["name": "Bobby", "fitness": ["height": 80]], token: bob.token)
            let alicesView = try await app.json(.GET, "/api/v1/profile", token: alice.token)
            #expect(try profile(alicesView).name == "Alice")
            // Raw on purpose: an unset height is present as `null`, which decoding cannot tell from a missing member.
            #expect((try alicesView.jsonObject()["fitness"] as? [String: Any])?["height"] is NSNull)
        }
    }

    @Test func language_canBeChosenAndReset() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let german = try await app.json(.PUT, "/api/v1/profile", body: ["language": "de"], token: account.token)
            #expect(try profile(german).language == .de)
            // API messages follow the user's language.
            let invalid = try await app.json(.PUT, "/api/v1/profile", body: ["fitness": ["height": 1]], token: account.token)
            #expect(
                try invalid.decoded(as: Components.Schemas.ErrorResponse.self).error.message == "Einige Angaben müssen korrigiert werden.")
            let reset = try await app.json(.PUT, "/api/v1/profile", body: ["language": NSNull()], token: account.token)
            // Raw on purpose: a reset language is present as `null`, which decoding cannot tell from a missing member.
            #expect(try reset.jsonObject()["language"] is NSNull)
        }
    }
}
