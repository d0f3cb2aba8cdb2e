import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

@Suite struct ExercisesAPITests {
    private func exercises(_ app: Application, _ query: String, token: String?) async throws -> TestingHTTPResponse {
        try await app.json(.GET, "/api/v1/exercises" + query, token: token)
    }

    @Test func theCatalogue_isFilteredByEveryFilterGiven() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let all = try await exercises(app, "", token: account.token).decoded(as: [Components.Schemas.Exercise].self)
            #expect(all.count == 873 + 11, "free-exercise-db's and Kinetic's own")
            let response = try await exercises(
                app, "?category=strength,cardio&muscle=chest&equipment=body%20only&difficulty=beginner", token: account.token)
            #expect(response.status == .ok)
            let filtered = try response.decoded(as: [Components.Schemas.Exercise].self)
            #expect(!filtered.isEmpty)
            for exercise in filtered {
                #expect(["strength", "cardio"].contains(exercise.category))
                #expect(exercise.primaryMuscles.contains("chest"))
                #expect(exercise.equipment == "body only")
                #expect(exercise.difficulty == .beginner)
                let target = try #require(exercise.targetBPM)
                #expect((115...140).contains(target))
                #expect(exercise.repsPerMinute == target / (exercise.beatsPerRep ?? 1))
            }
        }
    }

    @Test func unknownNames_are422PerFilter_andTheCatalogueNeedsAToken() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let response = try await exercises(app, "?category=yoga&difficulty=heroic&muscle=chest", token: account.token)
            #expect(response.status == .unprocessableEntity)
            let fields = try response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties
            #expect(Set(fields?.keys ?? [:].keys) == ["category", "difficulty"])
            #expect(try await exercises(app, "", token: nil).status == .unauthorized)
        }
    }
}
