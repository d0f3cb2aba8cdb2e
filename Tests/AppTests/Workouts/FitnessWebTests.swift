import Fluent
import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// The fitness and workout-goal pages and their forms, as a browser without script uses them,
/// and the JSON body the runner's script posts.
@Suite struct FitnessWebTests {
    /// The equipment chosen on Fitness goes to the picker and the test: without any, nothing
    /// suggested or added needs a bench (the audit's "Decline Oblique Crunch"); with a bench,
    /// what uses it comes first.
    @Test func aTestsEquipment_decidesWhatItSuggestsAndAdds() async throws {
        try await withKinetic { app in
            let (web, _) = try await app.signedInWebClient()
            let catalogue = app.exerciseCatalogue
            let names = { (page: String) in catalogue.exercises.filter { page.contains(">\(HTMLEscaping.text($0.name))<") } }
            let bare = try await web.get("/workouts/fitness/new?category=strength&count=10").body.string
            #expect(!names(bare).isEmpty && names(bare).allSatisfy(\.needs.isEmpty), "\(names(bare).map(\.name))")
            let benched = try await web.get("/workouts/fitness/new?category=strength&count=10&equipment[]=bench").body.string
            #expect(benched.contains(#"name="equipment[]" value="bench""#), "the choice goes on to the test")
            #expect(names(benched).contains { $0.needs == [[.bench]] } && names(benched).allSatisfy { $0.canBeDone(with: [.bench]) })

            let started = try await web.post(
                "/workouts/fitness/new", fields: [("category", "strength"), ("count", "10")], csrfPage: "/workouts/fitness")
            let testID = try #require(started.headers.first(name: .location)?.split(separator: "/").last.map(String.init))
            let test = try #require(try await FitnessTestRecord.find(UUID(uuidString: testID), on: app.db))
            #expect(test.exercises.count == 10)
            let tested = test.exercises.compactMap(catalogue.exercise(id:))
            #expect(tested.allSatisfy { $0.needs.isEmpty }, "\(test.exercises)")
        }
    }

    @Test func aTest_startsFromTheForms_takesAFileOrTheScriptsLog_orASkip_andShowsItsResults() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let pick = try await web.get("/workouts/fitness/new?category=plyometrics&count=3")
            #expect(pick.status == .ok && pick.body.string.contains("Mountain Climbers"))
            #expect(try await web.get("/workouts/fitness/new?category=stretching&count=3").status == .seeOther, "no test of stretches")
            let started = try await web.post(
                "/workouts/fitness/new",
                fields: [
                    ("category", "plyometrics"), ("count", "3"), ("exercises[]", "Mountain_Climbers"), ("exercises[]", "Knee_Tuck_Jump"),
                ], csrfPage: "/workouts/fitness")
            #expect(started.status == .seeOther)
            let runnerPath = try #require(started.headers.first(name: .location))
            let testID = String(runnerPath.split(separator: "/").last!)
            let runner = try await web.get(runnerPath)
            #expect(runner.body.string.contains("Mountain Climbers") && runner.body.string.contains("Exercise 1 of 3"))

            // A motion log file, as the no-script form sends it.
            let token = try await web.csrfToken(from: runnerPath)
            let log = String(decoding: try JSONSerialization.data(withJSONObject: MotionLogs.swinging(repsPerMinute: 42)), as: UTF8.self)
            let logFile = { (name: String, text: String) in
                WebClient.FormFile(field: "log", fileName: name, contentType: "application/json", data: Data(text.utf8))
            }
            let uploaded = try await web.postMultipart(
                "/workouts/fitness/\(testID)/Mountain_Climbers", fields: [("_csrf", token)], file: logFile("climbers.json", log),
                csrfPage: nil)
            #expect(uploaded.status == .seeOther, "\(uploaded.body.string)")
            let afterFirst = try await web.get(try #require(uploaded.headers.first(name: .location)))
            #expect(afterFirst.body.string.contains("42 a minute") && afterFirst.body.string.contains("Exercise 2 of 3"))

            // A bad file comes back with its message and nothing recorded.
            let bad = try await web.postMultipart(
                "/workouts/fitness/\(testID)/Knee_Tuck_Jump", fields: [("_csrf", token)], file: logFile("bad.json", "{\"samples\": []}"),
                csrfPage: nil)
            #expect(bad.status == .unprocessableEntity && bad.body.string.contains("too short"))

            // The script's JSON body (its CSRF token in the header), then a skip.
            var headers = HTTPHeaders()
            headers.replaceOrAdd(name: "X-CSRF-Token", value: token)
            let recorded = try await web.post("/workouts/fitness/\(testID)/Knee_Tuck_Jump", body: log, contentType: .json, headers: headers)
            #expect(recorded.status == .noContent)
            let skipped = try await web.post(
                "/workouts/fitness/\(testID)/\(try #require(try await self.third(app, testID, account.token)))",
                form: ["skip": "1"], csrfPage: runnerPath)
            #expect(skipped.status == .seeOther)
            #expect(
                try await web.get(runnerPath).headers.first(name: .location) == "/workouts/fitness/\(testID)/results",
                "a finished test shows its results")
            let results = try await web.get("/workouts/fitness/\(testID)/results").body.string
            #expect(results.contains("Skipped") && results.contains("Your first level"))
        }
    }

    private func third(_ app: Application, _ testID: String, _ token: String) async throws -> String? {
        let test = try await app.json(.GET, "/api/v1/fitness-tests/\(testID)", token: token)
            .decoded(as: Components.Schemas.FitnessTest.self)
        return test.nextExerciseId
    }

    @Test func trackingFromAPage_returnsOnlyToThisSite() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let tracked = try await web.post(
                "/workouts/tracked/Mountain_Climbers", form: ["tracked": "1", "return": "/workouts/fitness"], csrfPage: "/workouts/fitness")
            #expect(tracked.headers.first(name: .location) == "/workouts/fitness")
            let listed = try await app.json(.GET, "/api/v1/tracked-exercises", token: account.token)
                .decoded(as: [Components.Schemas.TrackedExercise].self)
            #expect(listed.count == 1)
            let away = try await web.post(
                "/workouts/tracked/Mountain_Climbers", form: ["tracked": "0", "return": "//evil.example/"], csrfPage: "/workouts/fitness")
            #expect(away.headers.first(name: .location) == "/workouts/fitness")
            let listedAfter = try await app.json(.GET, "/api/v1/tracked-exercises", token: account.token)
                .decoded(as: [Components.Schemas.TrackedExercise].self)
            #expect(listedAfter.isEmpty)
            #expect(
                try await web.post("/workouts/tracked/Nothing", form: ["tracked": "1"], csrfPage: "/workouts/fitness").status == .notFound)
        }
    }

    @Test func goals_areAdded_refusedWithMessages_changed_andRemoved_andNeverAnotherUsers() async throws {
        try await withKinetic { app in
            let (web, _) = try await app.signedInWebClient()
            let refused = try await web.post(
                "/workouts/goals/new", fields: [("name", ""), ("times", "0"), ("daysPerWeek", "2")], csrfPage: "/workouts/goals/new")
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("Choose 1 to 1,000 times."))
            let added = try await web.post(
                "/workouts/goals/new",
                fields: [
                    ("name", "Legs"), ("description", "Twice a week"), ("times", "8"), ("muscles[]", "quadriceps"), ("minutes", ""),
                    ("daysPerWeek", "2"), ("reminderDays[]", "monday"),
                ], csrfPage: "/workouts/goals/new")
            #expect(added.headers.first(name: .location) == "/workouts/goals?done=added")
            let list = try await web.get("/workouts/goals").body.string
            #expect(list.contains("Legs") && list.contains("Twice a week") && list.contains("0 of 8 workouts"))
            let record = try #require(try await WorkoutGoalRecord.query(on: app.db).first())
            let id = try record.requireID().uuidString
            let changed = try await web.post(
                "/workouts/goals/\(id)", fields: [("name", "Legs!"), ("times", "9"), ("daysPerWeek", "3")],
                csrfPage: "/workouts/goals/\(id)")
            #expect(changed.headers.first(name: .location) == "/workouts/goals?done=saved")
            #expect(try await web.get("/workouts/goals").body.string.contains("0 of 9 workouts"))

            let (other, _) = try await app.signedInWebClient()
            #expect(try await other.get("/workouts/goals/\(id)").status == .notFound)
            #expect(try await other.post("/workouts/goals/\(id)/delete", form: [:], csrfPage: "/workouts/goals").status == .notFound)
            #expect(
                try await web.post("/workouts/goals/\(id)/delete", form: [:], csrfPage: "/workouts/goals").headers.first(name: .location)
                    == "/workouts/goals?done=removed")
            #expect(try await WorkoutGoalRecord.query(on: app.db).count() == 0)
        }
    }
}
