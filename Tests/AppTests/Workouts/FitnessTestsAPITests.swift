import Foundation
import KineticCore
import NIOCore
import Testing
import VaporTesting

@testable import App

@Suite struct FitnessTestsAPITests {
    @Test func theRate_ofAMotionLog() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let response = try await app.json(
                .POST, "/api/v1/fitness-tests/rate", body: MotionLogs.swinging(repsPerMinute: 48), token: account.token)
            #expect(response.status == .ok, "\(response.body.string)")
            let rate = try response.jsonObject()
            let perMinute = try #require(rate["repsPerMinute"] as? Double)
            #expect(abs(perMinute - 48) < 1.5)
            #expect((23...25).contains(rate["reps"] as? Int ?? 0))
            #expect((rate["confidence"] as? Double ?? 0) > 0.5)
            let still = try await app.json(
                .POST, "/api/v1/fitness-tests/rate", body: MotionLogs.swinging(repsPerMinute: 0), token: account.token
            ).jsonObject()
            #expect(still["repsPerMinute"] is NSNull && still["reps"] as? Int == 0, "\(still)")
            #expect(
                try await app.json(.POST, "/api/v1/fitness-tests/rate", body: MotionLogs.swinging(repsPerMinute: 48)).status
                    == .unauthorized)
            #expect(try await app.json(.GET, "/api/v1/fitness-tests/rate", token: account.token).status == .methodNotAllowed)
        }
    }

    @Test func badMotionLogs_are422WithAClearMessage() async throws {
        try await withKinetic { app in
            let token = try await app.signUp().token
            func problem(_ response: TestingHTTPResponse) throws -> [String: String] {
                #expect(response.status == .unprocessableEntity, "\(response.body.string)")
                return try #require(try response.apiError()["fields"] as? [String: String])
            }
            let rate = "/api/v1/fitness-tests/rate"
            #expect(
                try problem(await app.json(.POST, rate, body: ["samples": []], token: token)) == [
                    "samples": "The recording is too short: send at least 3 seconds of samples."
                ])
            #expect(try problem(await app.json(.POST, rate, rawBody: "", token: token)).keys.contains("samples"), "an empty body")
            #expect(
                try problem(await app.json(.POST, rate, body: MotionLogs.swinging(repsPerMinute: 40, seconds: 0.08), token: token)).keys
                    .contains("samples"), "five samples")
            #expect(
                try problem(
                    await app.json(.POST, rate, body: MotionLogs.swinging(repsPerMinute: 40, seconds: 3, rate: 10_000), token: token))[
                        "samples"]?.contains("200") == true, "10 kHz")
            #expect(
                try problem(await app.json(.POST, rate, rawBody: MotionLogs.withNaN(), token: token)).keys.contains("samples[3].ax"), "NaN")
            let large = "{\"samples\": [" + String(repeating: " ", count: 9 << 20) + "]}"
            #expect(
                try problem(await app.json(.POST, rate, rawBody: large, token: token)).keys.contains("body"),
                "over 8 MB (1 GB declared up front: Tests/Browser/test_fitness.py)")
            #expect(try await app.json(.POST, rate, rawBody: "{\"samples\": [", token: token).status == .badRequest)
        }
    }

    @Test func aFullTest_recordsRates_levels_andLevellingUp() async throws {
        let clock = TestClock(testNow)
        try await withKinetic(clock: clock) { app in
            let token = try await app.signUp().token
            #expect(try await app.json(.GET, "/api/v1/tracked-exercises?category=plyometrics", token: token).jsonArray().isEmpty)
            let tracked = try await app.json(.PUT, "/api/v1/tracked-exercises/Mountain_Climbers", body: ["tracked": true], token: token)
            #expect(tracked.status == .ok)
            #expect(try tracked.jsonObject()["tracked"] as? Bool == true)
            let list = try await app.json(.GET, "/api/v1/tracked-exercises?category=plyometrics", token: token).jsonArray()
            #expect(list.compactMap { ($0["exercise"] as? [String: Any])?["id"] as? String } == ["Mountain_Climbers"])
            #expect(try await app.json(.GET, "/api/v1/tracked-exercises?category=cardio", token: token).jsonArray().isEmpty)

            func start(_ picked: [String]) async throws -> [String: Any] {
                let response = try await app.json(
                    .POST, "/api/v1/fitness-tests", body: ["category": "plyometrics", "count": 2, "exercises": picked], token: token)
                try #require(response.status == .created, "\(response.body.string)")
                return try response.jsonObject()
            }
            let first = try await start(["Knee_Tuck_Jump"])
            let ids = try #require(first["exercises"] as? [[String: Any]]).compactMap {
                ($0["exercise"] as? [String: Any])?["id"] as? String
            }
            #expect(ids == ["Knee_Tuck_Jump", "Mountain_Climbers"], "the picked one, then the tracked one")
            #expect(first["nextExerciseId"] as? String == "Knee_Tuck_Jump" && first["complete"] as? Bool == false)
            let testID = try #require(first["id"] as? String)
            clock.advance(by: 60)
            // Knee tuck jumps (plyometrics, beginner: 40 a minute) at 36 a minute: 10 % slower, level 3.
            let afterOne = try await app.json(
                .POST, "/api/v1/fitness-tests/\(testID)/exercises/Knee_Tuck_Jump", body: MotionLogs.swinging(repsPerMinute: 36),
                token: token)
            #expect(afterOne.status == .ok, "\(afterOne.body.string)")
            let afterOneBody = try afterOne.jsonObject()
            let firstItem = try #require((afterOneBody["exercises"] as? [[String: Any]])?.first)
            #expect(firstItem["level"] as? Int == 3 && firstItem["levelledUp"] as? Bool == false)
            #expect(afterOneBody["nextExerciseId"] as? String == "Mountain_Climbers")
            let done = try await app.json(.POST, "/api/v1/fitness-tests/\(testID)/exercises/Mountain_Climbers/skip", token: token)
                .jsonObject()
            #expect(done["complete"] as? Bool == true && done["overallLevelBefore"] is NSNull && done["overallLevelAfter"] as? Int == 3)
            #expect(done["levelledUp"] as? Bool == false, "a first level is not a level up")
            #expect(
                try await app.json(.POST, "/api/v1/fitness-tests/\(testID)/exercises/Rope_Jumping/skip", token: token).status == .notFound)

            clock.advance(by: 86_400)
            let second = try await start(["Knee_Tuck_Jump"])
            let secondID = try #require(second["id"] as? String)
            clock.advance(by: 60)
            _ = try await app.json(
                .POST, "/api/v1/fitness-tests/\(secondID)/exercises/Knee_Tuck_Jump", body: MotionLogs.swinging(repsPerMinute: 50),
                token: token)
            let result = try await app.json(.POST, "/api/v1/fitness-tests/\(secondID)/exercises/Mountain_Climbers/skip", token: token)
                .jsonObject()
            let item = try #require((result["exercises"] as? [[String: Any]])?.first)
            #expect(item["level"] as? Int == 5 && item["previousLevel"] as? Int == 3 && item["levelledUp"] as? Bool == true, "25 % faster")
            #expect((item["previous"] as? [[String: Any]])?.count == 1)
            #expect(
                result["overallLevelBefore"] as? Int == 3 && result["overallLevelAfter"] as? Int == 5
                    && result["levelledUp"] as? Bool == true)
            #expect(try await app.json(.GET, "/api/v1/fitness-tests", token: token).jsonArray().count == 2)
        }
    }

    @Test func anotherUsersTests_andTrackedExercises_areNeverSeen() async throws {
        try await withKinetic { app in
            let owner = try await app.signUp().token, other = try await app.signUp().token
            _ = try await app.json(.PUT, "/api/v1/tracked-exercises/Mountain_Climbers", body: ["tracked": true], token: owner)
            let test = try await app.json(.POST, "/api/v1/fitness-tests", body: ["category": "plyometrics", "count": 1], token: owner)
                .jsonObject()
            let id = try #require(test["id"] as? String)
            #expect(try await app.json(.GET, "/api/v1/fitness-tests/\(id)", token: other).status == .notFound)
            #expect(
                try await app.json(.POST, "/api/v1/fitness-tests/\(id)/exercises/Mountain_Climbers/skip", token: other).status == .notFound)
            #expect(
                try await app.json(
                    .POST, "/api/v1/fitness-tests/\(id)/exercises/Mountain_Climbers", body: MotionLogs.swinging(repsPerMinute: 40),
                    token: other
                ).status == .notFound)
            #expect(try await app.json(.GET, "/api/v1/fitness-tests", token: other).jsonArray().isEmpty)
            #expect(try await app.json(.GET, "/api/v1/tracked-exercises", token: other).jsonArray().isEmpty)
            let bad = try await app.json(.POST, "/api/v1/fitness-tests", body: ["category": "stretching", "count": 0], token: owner)
            #expect(bad.status == .unprocessableEntity)
            #expect(
                try await app.json(.PUT, "/api/v1/tracked-exercises/No_Such_Exercise", body: ["tracked": true], token: owner).status
                    == .notFound)
            #expect(
                try await app.json(.PUT, "/api/v1/tracked-exercises/Mountain_Climbers", body: ["tracked": "yes"], token: owner).status
                    == .unprocessableEntity)
        }
    }

    @Test func aStretch_cannotBeTracked_butAnOldTrackingOfOneCanBeUndone() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let refused = try await app.json(.PUT, "/api/v1/tracked-exercises/Adductor", body: ["tracked": true], token: account.token)
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("a held exercise (a stretch, a plank) has no pace"))
            #expect(try await app.json(.GET, "/api/v1/tracked-exercises", token: account.token).jsonArray().isEmpty)
            // One tracked before the rule (a row written directly) is untracked as any other.
            let userID = try #require(UUID(uuidString: account.customerId))
            try await ExerciseResultsRepository(database: app.db, userID: userID).setTracked("Adductor", true, at: testNow)
            let untracked = try await app.json(.PUT, "/api/v1/tracked-exercises/Adductor", body: ["tracked": false], token: account.token)
            #expect(untracked.status == .ok)
            #expect(try await app.json(.GET, "/api/v1/tracked-exercises", token: account.token).jsonArray().isEmpty)
        }
    }

    @Test func levelsOnTheOldScale_areWorkedOutAgainFromTheirRates_withEachTestsOverallLevels() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let userID = try #require(UUID(uuidString: account.customerId))
            let results = ExerciseResultsRepository(database: app.db, userID: userID)
            /// A finished one-exercise test a day after the last, stored on the old scale.
            func oldTest(_ exerciseID: String, rate: Double, day: Double) async throws -> FitnessTestRecord {
                let test = FitnessTestRecord()
                test.$user.id = userID
                test.category = "plyometrics"
                test.exerciseIDs = "[\"\(exerciseID)\"]"
                test.createdAt = testNow.addingTimeInterval(day * 86_400)
                test.completedAt = test.createdAt.addingTimeInterval(60)
                try await test.create(on: app.db)
                let row = try await results.newRow(exerciseID, source: .test, at: test.createdAt.addingTimeInterval(30))
                row.$fitnessTest.id = test.id
                row.repsPerMinute = rate
                row.level = RescaleFitnessLevels.oldLevel(repsPerMinute: rate, tempo: ExerciseTempo(repsPerMinute: 40, beatsPerRep: 3))
                try await row.create(on: app.db)
                return test
            }
            // Knee tuck jumps are set to 40 a minute: 52 was 10 of 10 on the old scale (30 % faster), 36 was 6.
            let first = try await oldTest("Knee_Tuck_Jump", rate: 52, day: 0)
            let second = try await oldTest("Knee_Tuck_Jump", rate: 36, day: 1)
            let unknown = try await oldTest("No_Longer_In_The_Catalogue", rate: 52, day: 2)
            let migration = RescaleFitnessLevels(catalogue: { app.exerciseCatalogue })
            func levels() async throws -> [Int?] {
                var found: [Int?] = []
                for test in [first, second, unknown] {
                    let stored = try #require(try await FitnessTestRecord.find(test.id, on: app.db))
                    found += [stored.overallBefore, stored.overallAfter]
                }
                return found + (try await results.latestLevels()).sorted { $0.key < $1.key }.map(\.value)
            }
            try await migration.revert(on: app.db)
            #expect(try await levels() == [nil, 10, 10, 6, 6, 8, 6, 10], "the old scale, worked out again as it was")
            try await migration.prepare(on: app.db)
            // 52 is level 5 now and 36 level 3; the unknown exercise keeps its 10.
            #expect(try await levels() == [nil, 5, 5, 3, 3, 6, 3, 10])
        }
    }
}
