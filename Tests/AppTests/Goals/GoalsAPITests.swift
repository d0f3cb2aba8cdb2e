import Fluent
import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

@Suite struct GoalsAPITests {
    private func today(_ app: Application) -> LocalDate { app.userCalendar.today }

    private func postSession(
        _ app: Application, _ account: TestAccount, date: String, jumps: Int, calories: Int? = nil, park: String = "Plainfield",
        start: String = "13:00", end: String = "14:00"
    ) async throws -> TestingHTTPResponse {
        var body: [String: Any] = ["date": date, "numberOfJumps": jumps, "parkName": park, "startTime": start, "endTime": end]
        if let calories { body["numberOfCalories"] = calories }
        return try await app.json(.POST, "/api/v1/jump-sessions", body: body, token: account.token)
    }

    @Test func addedSessions_areListedNewestFirstByMonth() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let month = Month(today(app))
            let day1 = LocalDate(year: month.year, month: month.month, day: 1)!.description
            let created = try await postSession(app, account, date: day1, jumps: 500, calories: 40)
            #expect(created.status == .created)
            let session = try created.decoded(as: Components.Schemas.JumpSession.self)
            #expect(session.numberOfCalories == 40)
            #expect(!session.caloriesEstimated)
            _ = try await postSession(app, account, date: today(app).description, jumps: 900, start: "15:00", end: "16:30")
            let list = try await app.json(.GET, "/api/v1/jump-sessions?month=\(month)", token: account.token)
            let sessions = try list.decoded(as: [Components.Schemas.JumpSession].self)
            #expect(sessions.map(\.numberOfJumps) == [900, 500])
            #expect(sessions.first?.endTime == "16:30")
            let otherMonth = try await app.json(.GET, "/api/v1/jump-sessions?month=\(month.previous)", token: account.token)
            #expect(otherMonth.body.string == "[]")
        }
    }

    @Test func missingCalories_areEstimatedOnlyWithBodyTypeAndHeight() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let date = today(app).description
            // Raw on purpose: the figure is present as `null`, which decoding cannot tell from a missing member.
            let unknown = try await postSession(app, account, date: date, jumps: 8_798).jsonObject()
            #expect(unknown["numberOfCalories"] is NSNull)
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["fitness": ["bodyType": 1, "height": 70]], token: account.token)
            let estimated = try await postSession(app, account, date: date, jumps: 8_798, start: "15:00", end: "16:00")
                .decoded(as: Components.Schemas.JumpSession.self)
            #expect(estimated.numberOfCalories == 501)
            #expect(estimated.caloriesEstimated)
            // The audit: a session pushed before body type and height never got its calories.
            // Setting them estimates it, and the month's total counts it.
            let sessions = try await app.json(.GET, "/api/v1/jump-sessions", token: account.token)
                .decoded(as: [Components.Schemas.JumpSession].self)
            #expect(sessions.count == 2 && sessions.allSatisfy { $0.numberOfCalories == 501 && $0.caloriesEstimated }, "\(sessions)")
            let total = try #require(try await JumpMonthTotalRecord.query(on: app.db).first())
            #expect(total.calories == 1_002)
        }
    }

    @Test(arguments: [
        (#"{"date": "2015-05-20", "numberOfJumps": 10, "parkName": "P", "startTime": "14:00", "endTime": "13:00"}"#, "endTime"),
        (#"{"date": "2015-05-20", "numberOfJumps": 10, "parkName": "P", "startTime": "14:00", "endTime": "14:00"}"#, "endTime"),
        (#"{"date": "2015-05-20", "numberOfJumps": -5, "parkName": "P", "startTime": "13:00", "endTime": "14:00"}"#, "numberOfJumps"),
        (#"{"date": "20.05.2015", "numberOfJumps": 10, "parkName": "P", "startTime": "13:00", "endTime": "14:00"}"#, "date"),
        (#"{"date": "2015-05-20", "numberOfJumps": 10, "parkName": "P", "startTime": "1 pm", "endTime": "14:00"}"#, "startTime"),
        (#"{"date": "2999-01-01", "numberOfJumps": 10, "parkName": "P", "startTime": "13:00", "endTime": "14:00"}"#, "date"),
        (#"{"numberOfJumps": 10, "parkName": "P", "startTime": "13:00", "endTime": "14:00"}"#, "date"),
    ])
    func invalidSession_is422AndNothingIsStored(json: String, field: String) async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let response = try await app.json(.POST, "/api/v1/jump-sessions", rawBody: json, token: account.token)
            #expect(response.status == .unprocessableEntity)
            #expect(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties[field] != nil)
            #expect(try await JumpSessionRecord.query(on: app.db).count() == 0)
        }
    }

    @Test func invalidMonthQuery_is422() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            #expect(try await app.json(.GET, "/api/v1/jump-sessions?month=May", token: account.token).status == .unprocessableEntity)
        }
    }

    @Test func goals_matchTheSeedsShape() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            _ = try await app.json(
                .PUT, "/api/v1/profile", body: ["fitness": ["bodyType": 0, "height": 71, "jumpGoal": 30_000, "calorieGoal": 4_800]],
                token: account.token)
            let date = today(app)
            _ = try await postSession(app, account, date: date.description, jumps: 12_577, calories: 2_879, start: "10:00", end: "11:00")
            _ = try await postSession(app, account, date: date.description, jumps: 8_798, calories: 521, start: "13:00", end: "14:00")
            let response = try await app.json(.GET, "/api/v1/profile/\(account.customerId)/goals", token: account.token)
            #expect(response.status == .ok)
            let months = try response.decoded(as: [Components.Schemas.GoalMonth].self)
            #expect(months.count == 1)
            let current = months[0]
            #expect(current.date == Month(date).description)
            let last = try #require(current.lastSession)
            #expect(last.numberOfJumps == 8_798)
            #expect(last.startTime == "13:00")
            // Raw on purpose: the seed's exact members, which decoding does not check (it skips members the document
            // does not declare).
            let rawMonths = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [[String: Any]])
            let rawCurrent = rawMonths[0]
            #expect(Set(rawCurrent.keys) == ["date", "jump", "calorie", "lastSession"])
            #expect(rawCurrent["jump"] as? [String: Int] == ["goal": 30_000, "currentProgress": 21_375])
            #expect(rawCurrent["calorie"] as? [String: Int] == ["goal": 4_800, "currentProgress": 3_400])
            let rawLast = try #require(rawCurrent["lastSession"] as? [String: Any])
            #expect(Set(rawLast.keys) == ["date", "numberOfJumps", "numberOfCalories", "parkName", "startTime", "endTime"])
        }
    }

    @Test func goals_coverEarlierMonths_withTheirOwnGoals_andOmitWhatAMonthLacks() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let current = Month(today(app))
            let earlier = current.previous.previous
            // A park reports a visit two months ago; goals set now apply from now on.
            _ = try await postSession(
                app, account, date: LocalDate(year: earlier.year, month: earlier.month, day: 3)!.description, jumps: 4_000)
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["fitness": ["jumpGoal": 50_000]], token: account.token)
            let response = try await app.json(.GET, "/api/v1/profile/\(account.customerId)/goals", token: account.token)
            let months = try response.decoded(as: [Components.Schemas.GoalMonth].self)
            #expect(months.map(\.date) == [current.description, current.previous.description, earlier.description])
            #expect(months[0].jump?.goal == 50_000)
            // Raw on purpose: what a month lacks is left out, and the last session's unknown calories are present as
            // `null`; decoding reads a missing member and `null` alike.
            let rawMonths = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [[String: Any]])
            #expect(rawMonths[0]["calorie"] == nil)
            #expect(rawMonths[0]["lastSession"] == nil)
            #expect(rawMonths[1]["jump"] == nil, "no goal existed before the account's first month")
            #expect((rawMonths[2]["lastSession"] as? [String: Any])?["numberOfCalories"] is NSNull)
        }
    }

    @Test func anotherUsersGoalsAndSessions_areNeverVisible() async throws {
        try await withKinetic { app in
            let alice = try await app.signUp()
            let bob = try await app.signUp()
            _ = try await postSession(app, alice, date: today(app).description, jumps: 777)
            let foreign = try await app.json(.GET, "/api/v1/profile/\(alice.customerId)/goals", token: bob.token)
            #expect(foreign.status == .notFound)
            #expect(!foreign.body.string.contains("777"))
            #expect(try await app.json(.GET, "/api/v1/profile/not-a-uuid/goals", token: bob.token).status == .notFound)
            #expect(try await app.json(.GET, "/api/v1/profile/\(alice.customerId)/goals").status == .unauthorized)
            let bobsSessions = try await app.json(.GET, "/api/v1/jump-sessions", token: bob.token)
            #expect(bobsSessions.body.string == "[]")
        }
    }

    @Test func savingGoals_changesOnlyTheCurrentMonth() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let user = try #require(try await User.find(UUID(uuidString: account.customerId), on: app.db))
            let current = Month(today(app))
            // Goals set for an earlier month stay when new ones are saved.
            try await GoalsRepository(database: app.db, userID: try user.requireID()).setGoals(
                MonthGoals(jumpGoal: 20_000, calorieGoal: 0), for: current.previous)
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["fitness": ["jumpGoal": 45_000]], token: account.token)
            let set = try await GoalsRepository(database: app.db, userID: try user.requireID()).setGoals()
            #expect(set[current.previous]?.jumpGoal == 20_000)
            #expect(set[current]?.jumpGoal == 45_000)
        }
    }
}
