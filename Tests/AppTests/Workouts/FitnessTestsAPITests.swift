import Foundation
import KineticAPI
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
            let rate = try response.decoded(as: Components.Schemas.RepRate.self)
            let perMinute = try #require(rate.repsPerMinute)
            #expect(abs(perMinute - 48) < 1.5)
            #expect((23...25).contains(rate.reps))
            #expect(rate.confidence > 0.5)
            let still = try await app.json(
                .POST, "/api/v1/fitness-tests/rate", body: MotionLogs.swinging(repsPerMinute: 0), token: account.token)
            #expect(try still.decoded(as: Components.Schemas.RepRate.self).reps == 0, "\(still.body.string)")
            // Raw on purpose: `repsPerMinute` is sent as null, not left out; the decoded optional reads both as nil.
            #expect(try still.jsonObject()["repsPerMinute"] is NSNull, "\(still.body.string)")
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
                return try #require(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties)
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
            // Past the route's limit by its Content-Length: refused from the header (1 GB: Tests/Browser/test_fitness.py).
            let large = "{\"samples\": [" + String(repeating: " ", count: 9 << 20) + "]}"
            #expect(try await app.json(.POST, rate, rawBody: large, token: token).status == .payloadTooLarge)
            #expect(try await app.json(.POST, rate, rawBody: "{\"samples\": [", token: token).status == .badRequest)
        }
    }

    @Test func aFullTest_recordsRates_levels_andLevellingUp() async throws {
        let clock = TestClock(testNow)
        try await withKinetic(clock: clock) { app in
            let token = try await app.signUp().token
            #expect(
                try await app.json(.GET, "/api/v1/tracked-exercises?category=plyometrics", token: token)
                    .decoded(as: [Components.Schemas.TrackedExercise].self).isEmpty)
            let tracked = try await app.json(.PUT, "/api/v1/tracked-exercises/Mountain_Climbers", body: ["tracked": true], token: token)
            #expect(tracked.status == .ok)
            #expect(try tracked.decoded(as: Components.Schemas.TrackedExercise.self).tracked == true)
            let list = try await app.json(.GET, "/api/v1/tracked-exercises?category=plyometrics", token: token)
                .decoded(as: [Components.Schemas.TrackedExercise].self)
            #expect(list.map(\.exercise.id) == ["Mountain_Climbers"])
            #expect(
                try await app.json(.GET, "/api/v1/tracked-exercises?category=cardio", token: token)
                    .decoded(as: [Components.Schemas.TrackedExercise].self).isEmpty)

            func start(_ picked: [String]) async throws -> Components.Schemas.FitnessTest {
                let response = try await app.json(
                    .POST, "/api/v1/fitness-tests", body: ["category": "plyometrics", "count": 2, "exercises": picked], token: token)
                try #require(response.status == .created, "\(response.body.string)")
                return try response.decoded(as: Components.Schemas.FitnessTest.self)
            }
            let first = try await start(["Knee_Tuck_Jump"])
            let ids = first.exercises.map(\.exercise.id)
            #expect(ids == ["Knee_Tuck_Jump", "Mountain_Climbers"], "the picked one, then the tracked one")
            #expect(first.nextExerciseId == "Knee_Tuck_Jump" && first.complete == false)
            let testID = first.id
            clock.advance(by: 60)
            // Knee tuck jumps (plyometrics, beginner: 40 a minute) at 36 a minute: 10 % slower, level 3.
            let afterOne = try await app.json(
                .POST, "/api/v1/fitness-tests/\(testID)/exercises/Knee_Tuck_Jump", body: MotionLogs.swinging(repsPerMinute: 36),
                token: token)
            #expect(afterOne.status == .ok, "\(afterOne.body.string)")
            let afterOneBody = try afterOne.decoded(as: Components.Schemas.FitnessTest.self)
            let firstItem = try #require(afterOneBody.exercises.first)
            #expect(firstItem.level == 3 && firstItem.levelledUp == false)
            #expect(afterOneBody.nextExerciseId == "Mountain_Climbers")
            let lastSkipped = try await app.json(.POST, "/api/v1/fitness-tests/\(testID)/exercises/Mountain_Climbers/skip", token: token)
            let done = try lastSkipped.decoded(as: Components.Schemas.FitnessTest.self)
            #expect(done.complete == true && done.overallLevelAfter == 3)
            // Raw on purpose: `overallLevelBefore` is sent as null, not left out; the decoded optional reads both as nil.
            #expect(try lastSkipped.jsonObject()["overallLevelBefore"] is NSNull)
            #expect(done.levelledUp == false, "a first level is not a level up")
            #expect(
                try await app.json(.POST, "/api/v1/fitness-tests/\(testID)/exercises/Rope_Jumping/skip", token: token).status == .notFound)

            clock.advance(by: 86_400)
            let second = try await start(["Knee_Tuck_Jump"])
            let secondID = second.id
            clock.advance(by: 60)
            _ = try await app.json(
                .POST, "/api/v1/fitness-tests/\(secondID)/exercises/Knee_Tuck_Jump", body: MotionLogs.swinging(repsPerMinute: 50),
                token: token)
            let result = try await app.json(.POST, "/api/v1/fitness-tests/\(secondID)/exercises/Mountain_Climbers/skip", token: token)
                .decoded(as: Components.Schemas.FitnessTest.self)
            let item = try #require(result.exercises.first)
            #expect(item.level == 5 && item.previousLevel == 3 && item.levelledUp == true, "25 % faster")
            #expect(item.previous.count == 1)
            #expect(result.overallLevelBefore == 3 && result.overallLevelAfter == 5 && result.levelledUp == true)
            #expect(
                try await app.json(.GET, "/api/v1/fitness-tests", token: token)
                    .decoded(as: [Components.Schemas.FitnessTest].self).count == 2)

            // The audit's case: a strength test after the plyometrics ones raises the overall
            // level, but compares nothing like with like: no level-up.
            clock.advance(by: 86_400)
            let strength = try await app.json(
                .POST, "/api/v1/fitness-tests", body: ["category": "strength", "count": 1, "exercises": ["Pushups"]], token: token
            ).decoded(as: Components.Schemas.FitnessTest.self)
            clock.advance(by: 60)
            let fast = try await app.json(
                .POST, "/api/v1/fitness-tests/\(strength.id)/exercises/Pushups", body: MotionLogs.swinging(repsPerMinute: 90),
                token: token
            ).decoded(as: Components.Schemas.FitnessTest.self)
            #expect(fast.complete && (fast.overallLevelAfter ?? 0) > (fast.overallLevelBefore ?? 0), "\(fast)")
            #expect(fast.levelledUp == false, "nothing of it was tested before")
        }
    }

    @Test func anotherUsersTests_andTrackedExercises_areNeverSeen() async throws {
        try await withKinetic { app in
            let owner = try await app.signUp().token, other = try await app.signUp().token
            _ = try await app.json(.PUT, "/api/v1/tracked-exercises/Mountain_Climbers", body: ["tracked": true], token: owner)
            let test = try await app.json(.POST, "/api/v1/fitness-tests", body: ["category": "plyometrics", "count": 1], token: owner)
                .decoded(as: Components.Schemas.FitnessTest.self)
            let id = test.id
            #expect(try await app.json(.GET, "/api/v1/fitness-tests/\(id)", token: other).status == .notFound)
            #expect(
                try await app.json(.POST, "/api/v1/fitness-tests/\(id)/exercises/Mountain_Climbers/skip", token: other).status == .notFound)
            #expect(
                try await app.json(
                    .POST, "/api/v1/fitness-tests/\(id)/exercises/Mountain_Climbers", body: MotionLogs.swinging(repsPerMinute: 40),
                    token: other
                ).status == .notFound)
            #expect(
                try await app.json(.GET, "/api/v1/fitness-tests", token: other).decoded(as: [Components.Schemas.FitnessTest].self).isEmpty)
            #expect(
                try await app.json(.GET, "/api/v1/tracked-exercises", token: other)
                    .decoded(as: [Components.Schemas.TrackedExercise].self).isEmpty)
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
            #expect(
                try await app.json(.GET, "/api/v1/tracked-exercises", token: account.token)
                    .decoded(as: [Components.Schemas.TrackedExercise].self).isEmpty)
            // One tracked before the rule (a row written directly) is untracked as any other.
            let userID = try #require(UUID(uuidString: account.customerId))
            try await ExerciseResultsRepository(database: app.db, userID: userID).setTracked("Adductor", true, at: testNow)
            let untracked = try await app.json(.PUT, "/api/v1/tracked-exercises/Adductor", body: ["tracked": false], token: account.token)
            #expect(untracked.status == .ok)
            #expect(
                try await app.json(.GET, "/api/v1/tracked-exercises", token: account.token)
                    .decoded(as: [Components.Schemas.TrackedExercise].self).isEmpty)
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
