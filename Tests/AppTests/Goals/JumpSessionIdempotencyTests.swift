import Fluent
import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

/// A park that retries a report never stores a visit twice.
@Suite struct JumpSessionIdempotencyTests {
    private func session(_ app: Application, jumps: Int = 1_200) -> [String: Any] {
        [
            "date": app.userCalendar.today.description, "numberOfJumps": jumps, "numberOfCalories": 90, "parkName": "Plainfield",
            "startTime": "10:00", "endTime": "11:00",
        ]
    }

    @Test func twentyIdenticalConcurrentReports_storeOneSession_andTheRestAnswerTheStoredOne() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let body = String(decoding: try JSONSerialization.data(withJSONObject: session(app)), as: UTF8.self)
            let answers = try await withThrowingTaskGroup(of: (HTTPStatus, String?).self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        let response = try await app.json(.POST, "/api/v1/jump-sessions", rawBody: body, token: account.token)
                        return (response.status, try response.decoded(as: Components.Schemas.JumpSession.self).id)
                    }
                }
                return try await group.reduce(into: [(HTTPStatus, String?)]()) { $0.append($1) }
            }
            #expect(answers.filter { $0.0 == .created }.count == 1)
            #expect(answers.filter { $0.0 == .ok }.count == 19)
            #expect(Set(answers.compactMap(\.1)).count == 1)
            #expect(try await JumpSessionRecord.query(on: app.db).count() == 1)
            let goals = try await app.json(.GET, "/api/v1/profile/\(account.customerId)/goals", token: account.token)
                .decoded(as: [Components.Schemas.GoalMonth].self)
            #expect(goals.first?.lastSession?.numberOfJumps == 1_200)
        }
    }

    @Test func theSameKeyWithOtherNumbers_is409_andAnotherUserMayReportTheSameVisit() async throws {
        try await withKinetic { app in
            let alice = try await app.signUp()
            let bob = try await app.signUp()
            #expect(try await app.json(.POST, "/api/v1/jump-sessions", body: session(app), token: alice.token).status == .created)
            let different = try await app.json(.POST, "/api/v1/jump-sessions", body: session(app, jumps: 1_300), token: alice.token)
            #expect(different.status == .conflict)
            #expect(try different.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "session_exists")
            var later = session(app)
            later["endTime"] = "11:30"
            #expect(try await app.json(.POST, "/api/v1/jump-sessions", body: later, token: alice.token).status == .created)
            #expect(try await app.json(.POST, "/api/v1/jump-sessions", body: session(app), token: bob.token).status == .created)
            #expect(try await JumpSessionRecord.query(on: app.db).count() == 3)
        }
    }

    @Test func aDoubleSubmittedWebForm_storesOneSession() async throws {
        try await withKinetic { app in
            let (web, _) = try await app.signedInWebClient()
            let form = [
                "date": app.userCalendar.today.description, "numberOfJumps": "800", "numberOfCalories": "", "parkName": "Plainfield",
                "startTime": "10:00", "endTime": "11:00",
            ]
            for _ in 0..<2 {
                #expect(try await web.post("/goals/history", form: form, csrfPage: "/goals/history").status == .seeOther)
            }
            #expect(try await JumpSessionRecord.query(on: app.db).count() == 1)
            var changed = form
            changed["numberOfJumps"] = "900"
            let conflict = try await web.post("/goals/history", form: changed, csrfPage: "/goals/history")
            #expect(conflict.status == .conflict)
            #expect(conflict.body.string.contains("already stored"))
        }
    }
}
