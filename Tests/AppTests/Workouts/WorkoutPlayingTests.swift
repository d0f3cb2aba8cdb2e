import Fluent
import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// A workout plays in one place at a time and is recorded once, by the playing that holds it;
/// a finish that cannot be true is refused with the field that says why.
@Suite struct WorkoutPlayingTests {
    private let jumps: [String: Any] = [
        "categories": ["plyometrics"], "difficulty": "beginner", "duration": 10, "saved": true, "seed": 5,
    ]

    private func keptWorkout(
        _ app: Application, token: String
    ) async throws -> (id: String, exercises: Components.Schemas.Workout.ExercisesPayload) {
        let response = try await app.json(.POST, "/api/v1/workouts", body: jumps, token: token)
        try #require(response.status == .created, "\(response.body.string)")
        let workout = try response.decoded(as: Components.Schemas.Workout.self)
        return (try #require(workout.id), workout.exercises)
    }

    private func errorCode(_ response: TestingHTTPResponse) -> String? {
        try? response.decoded(as: Components.Schemas.ErrorResponse.self).error.code
    }

    /// The audit's two tabs: both played and both finished, and one session counted twice.
    @Test func aWorkoutPlaysInOnePlaceAtATime_andIsRecordedOnce() async throws {
        let clock = TestClock(testNow)
        try await withKinetic(clock: clock) { app in
            let token = try await app.signUp().token
            let (id, _) = try await keptWorkout(app, token: token)
            let (first, second) = (UUID().uuidString, UUID().uuidString)

            let claimed = try await app.json(.POST, "/api/v1/workouts/\(id)/play", body: ["runId": first], token: token)
            #expect(claimed.status == .ok, "\(claimed.body.string)")
            let refused = try await app.json(.POST, "/api/v1/workouts/\(id)/play", body: ["runId": second], token: token)
            #expect(refused.status == .conflict && errorCode(refused) == "playing_elsewhere")
            #expect(
                try await app.json(.POST, "/api/v1/workouts/\(id)/play", body: ["runId": first], token: token).status == .ok,
                "the holder claims again as it resumes")

            // Its saves keep it; a save without a playing, or of another, is refused.
            clock.advance(by: 30)
            let kept = ["exerciseIndex": 1, "secondsLeft": 10, "runId": first] as [String: Any]
            #expect(try await app.json(.PUT, "/api/v1/workouts/\(id)/progress", body: kept, token: token).status == .ok)
            clock.advance(by: 30)
            let stranger = try await app.json(
                .PUT, "/api/v1/workouts/\(id)/progress", body: ["exerciseIndex": 1, "secondsLeft": 5], token: token)
            #expect(stranger.status == .conflict, "heard from 30 s ago: it still holds the workout")

            // The second takes it over: the first's saves and finish are refused from then on.
            let takeover = try await app.json(
                .POST, "/api/v1/workouts/\(id)/play", body: ["runId": second, "takeOver": true], token: token)
            #expect(takeover.status == .ok)
            let firstSave = try await app.json(
                .PUT, "/api/v1/workouts/\(id)/progress", body: ["exerciseIndex": 2, "secondsLeft": 5, "runId": first], token: token)
            #expect(firstSave.status == .conflict && errorCode(firstSave) == "playing_elsewhere")
            clock.advance(by: 20)
            let firstFinish = try await app.json(
                .POST, "/api/v1/workouts/\(id)/completions", body: ["runId": first, "workedSeconds": 40], token: token)
            #expect(firstFinish.status == .conflict)
            let secondFinish = try await app.json(
                .POST, "/api/v1/workouts/\(id)/completions", body: ["runId": second, "workedSeconds": 20], token: token)
            #expect(secondFinish.status == .created, "\(secondFinish.body.string)")
            #expect(try await CompletedWorkoutRecord.query(on: app.db).count() == 1, "one session, recorded once")

            // Finished, nobody holds it: a new playing starts at once.
            #expect(try await app.json(.POST, "/api/v1/workouts/\(id)/play", body: ["runId": first], token: token).status == .ok)
            // Not heard from for 45 s (a phone put away while paused): another may start it.
            clock.advance(by: WorkoutPlayLease.heldFor)
            #expect(try await app.json(.POST, "/api/v1/workouts/\(id)/play", body: ["runId": second], token: token).status == .ok)

            let other = try await app.signUp().token
            #expect(try await app.json(.POST, "/api/v1/workouts/\(id)/play", body: ["runId": first], token: other).status == .notFound)
            let bad = try await app.json(
                .POST, "/api/v1/workouts/\(id)/play", body: ["runId": "no", "exerciseIndex": 99, "secondsLeft": 5], token: token)
            #expect(bad.status == .unprocessableEntity)
        }
    }

    /// Worked seconds must be sent; no more than the plan, nor than the time since the playing
    /// began (plus the work before the place it resumed from); skips leave time unworked.
    @Test func aFinishThatCannotBeTrue_isRefusedWithItsField() async throws {
        let clock = TestClock(testNow)
        try await withKinetic(clock: clock) { app in
            let token = try await app.signUp().token
            let (id, exercises) = try await keptWorkout(app, token: token)
            let work = exercises.reduce(0) { $0 + $1.seconds }
            func finish(_ body: [String: Any]) async throws -> (HTTPStatus, [String: String]) {
                let response = try await app.json(.POST, "/api/v1/workouts/\(id)/completions", body: body, token: token)
                let fields = (try? response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties) ?? [:]
                return (response.status, fields)
            }
            var (status, fields) = try await finish(["runId": UUID().uuidString])
            #expect(status == .unprocessableEntity && fields["workedSeconds"]?.contains("workedSeconds") == true, "\(fields)")
            (status, fields) = try await finish(["runId": UUID().uuidString, "workedSeconds": work + 1])
            #expect(status == .unprocessableEntity && fields["workedSeconds"]?.contains("\(work)") == true, "\(fields)")
            (status, fields) = try await finish(["runId": UUID().uuidString, "workedSeconds": 10, "skipped": exercises.count + 1])
            #expect(status == .unprocessableEntity && fields.keys.contains("skipped"))
            (status, fields) = try await finish(["runId": UUID().uuidString, "workedSeconds": work, "skipped": 1])
            #expect(status == .unprocessableEntity && fields.keys.contains("skipped"), "the audit's full time with skips")
            (status, _) = try await finish(["runId": UUID().uuidString, "workedSeconds": work - 1, "skipped": 1])
            #expect(status == .created, "a skip in the last second of the only skipped exercise")

            // A playing the server heard begin cannot have worked longer than it has run.
            let run = UUID().uuidString
            _ = try await app.json(.POST, "/api/v1/workouts/\(id)/play", body: ["runId": run], token: token)
            clock.advance(by: 60)
            (status, fields) = try await finish(["runId": run, "workedSeconds": work])
            #expect(status == .unprocessableEntity && fields.keys.contains("workedSeconds"), "\(fields)")
            (status, _) = try await finish(["runId": run, "workedSeconds": 60])
            #expect(status == .created)

            // A playing first heard of through its saves (they waited in an offline phone's
            // outbox): when it began is not known, so only the plan bounds it.
            let offline = UUID().uuidString
            let late = ["exerciseIndex": 1, "secondsLeft": 5, "runId": offline] as [String: Any]
            #expect(try await app.json(.PUT, "/api/v1/workouts/\(id)/progress", body: late, token: token).status == .ok)
            (status, _) = try await finish(["runId": offline, "workedSeconds": work])
            #expect(status == .created, "an offline playing's end counts")

            // Resumed from the fourth exercise: the work before it counts as done.
            let resumed = UUID().uuidString
            let place = ["runId": resumed, "exerciseIndex": 3, "secondsLeft": exercises[3].seconds] as [String: Any]
            #expect(try await app.json(.POST, "/api/v1/workouts/\(id)/play", body: place, token: token).status == .ok)
            let before = exercises.prefix(3).reduce(0) { $0 + $1.seconds }
            clock.advance(by: TimeInterval(work - before))
            (status, _) = try await finish(["runId": resumed, "workedSeconds": work])
            #expect(status == .created)
            #expect(try await CompletedWorkoutRecord.query(on: app.db).count() == 4)
        }
    }
    /// The player's own route: it claims with its CSRF token in a header, and its last save as
    /// the page goes (`release`) lets go, so the next page opened starts at once.
    @Test func thePlayersPage_claimsAndLetsGoAsItLeaves() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let (id, _) = try await keptWorkout(app, token: account.token)
            let playerPath = "/workouts/\(id)/play"
            let token = try await web.csrfToken(from: playerPath)
            var headers = HTTPHeaders()
            headers.replaceOrAdd(name: "X-CSRF-Token", value: token)
            let claim = { (run: String) in
                try await web.post(playerPath, body: #"{"runId": "\#(run)"}"#, contentType: .json, headers: headers)
            }
            let (first, second) = (UUID().uuidString, UUID().uuidString)
            #expect(try await claim(first).status == .ok)
            let refused = try await claim(second)
            #expect(refused.status == .conflict && refused.headers.first(name: "X-Kinetic-Error") == "playing_elsewhere")
            let left = try await web.post(
                "/workouts/\(id)/progress",
                form: ["exerciseIndex": "1", "secondsLeft": "5", "runId": first, "release": "1"], csrfPage: playerPath)
            #expect(left.status == .noContent)
            #expect(try await claim(second).status == .ok, "the first let go as it left")
            let stale = try await web.post(
                "/workouts/\(id)/progress", form: ["exerciseIndex": "1", "secondsLeft": "4", "runId": first], csrfPage: playerPath)
            #expect(stale.status == .conflict, "the page that left saves nothing over the one playing")
            let workout = try #require(try await WorkoutRecord.find(UUID(uuidString: id), on: app.db))
            #expect(workout.progressSecondsLeft == 5)

            // A page that left at once: its last save (release) overtook its claim. The claim,
            // arriving after, takes nothing, so the next page starts without taking over.
            let third = UUID().uuidString
            _ = try await web.post(
                "/workouts/\(id)/progress", form: ["runId": second, "release": "1"], csrfPage: playerPath)
            let gone = try await web.post(
                "/workouts/\(id)/progress", form: ["exerciseIndex": "0", "secondsLeft": "5", "runId": third, "release": "1"],
                csrfPage: playerPath)
            #expect(gone.status == .noContent)
            #expect(try await claim(third).status == .conflict, "the late claim of a playing that left")
            #expect(try await claim(UUID().uuidString).status == .ok, "the next page plays at once")
        }
    }
}
