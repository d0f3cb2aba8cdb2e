import Fluent
import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// The pace on Goals and in the API, rest days and days off, and the streak of months. The app's
/// clock is pinned at 2027-01-15 08:00 UTC (`testNow`): 14 of January's 31 days are behind.
@Suite struct GoalPaceTests {
    /// A user with a 31,000-jump goal and 10,000 jumps this month.
    private func setUp(_ app: Application) async throws -> (WebClient, TestAccount) {
        let account = try await app.signUp()
        _ = try await app.json(.PUT, "/api/v1/profile", body: ["fitness": ["jumpGoal": 31_000]], token: account.token)
        try await push(app, account, date: "2027-01-14", jumps: 10_000)
        let web = WebClient(app: app)
        try await web.logIn(email: account.email, password: account.password)
        return (web, account)
    }

    private func push(_ app: Application, _ account: TestAccount, date: String, jumps: Int) async throws {
        let response = try await app.json(
            .POST, "/api/v1/jump-sessions",
            body: ["date": date, "numberOfJumps": jumps, "parkName": "Plainfield", "startTime": "13:00", "endTime": "14:00"],
            token: account.token)
        #expect(response.status == .created)
    }

    private func progress(_ app: Application, _ account: TestAccount) async throws -> Components.Schemas.GoalProgressReport {
        try await app.json(.GET, "/api/v1/goals/months", token: account.token).decoded(as: Components.Schemas.GoalProgressReport.self)
    }

    @Test func goalsPage_showsWhereThePersonShouldBe_andWhatADayTakes() async throws {
        try await withKinetic { app in
            let (web, account) = try await setUp(app)
            let html = try await web.get("/goals").body.string
            // 14 days of 31 behind: 14,000 by this morning; 21,000 left over 17 days.
            #expect(html.contains("4,000 jumps behind pace"))
            #expect(html.contains("1,236 jumps a day to make it"))
            #expect(html.contains("17 jump days left"))
            #expect(html.contains("class=\"ring-pace-tick\""))
            #expect(html.contains("data-angle=\"162.581\""), "360° × 14,000 / 31,000")

            let pace = try #require(try await progress(app, account).months.first?.jumps.pace)
            #expect(pace.unit == .jumps)
            #expect((pace.pace, pace.behindBy, pace.aheadBy, pace.neededPerDay) == (14_000, 4_000, 0, 1_236))
            #expect((pace.jumpDays, pace.jumpDaysLeft) == (31, 17))
        }
    }

    @Test func restDaysAndDaysOff_moveThePace() async throws {
        try await withKinetic { app in
            let (web, account) = try await setUp(app)
            let saved = try await web.post(
                "/goals/days-off", fields: [("action", "week"), ("rest[]", "sunday")], csrfPage: "/goals/days-off")
            #expect(saved.status == .seeOther)
            // January 2027's Sundays are the 3rd, 10th, 17th, 24th and 31st: 26 jump days, 12 behind, 14 left.
            var pace = try #require(try await progress(app, account).months.first?.jumps.pace)
            #expect((pace.jumpDays, pace.pace, pace.jumpDaysLeft, pace.neededPerDay) == (26, 14_308, 14, 1_500))
            #expect(try await web.get("/goals").body.string.contains("1,500 jumps a day to make it"))

            _ = try await web.post("/goals/days-off", fields: [("action", "addDay"), ("day", "2027-01-20")], csrfPage: "/goals/days-off")
            pace = try #require(try await progress(app, account).months.first?.jumps.pace)
            #expect((pace.jumpDays, pace.jumpDaysLeft, pace.neededPerDay) == (25, 13, 1_616))
            let page = try await web.get("/goals/days-off").body.string
            #expect(page.contains("value=\"2027-01-20\""))
            #expect(page.contains("value=\"sunday\" checked"))
            #expect(page.contains("min=\"2027-01-01\""), "the date picker starts at this month")

            _ = try await web.post(
                "/goals/days-off", fields: [("action", "removeDay"), ("value", "2027-01-20")], csrfPage: "/goals/days-off")
            let pauses = try await app.json(.GET, "/api/v1/goals/pauses", token: account.token).decoded(
                as: Components.Schemas.JumpPauses.self)
            #expect(pauses.restWeekdays == [.sunday] && pauses.pausedDays == [] && pauses.pausedMonths == [])
        }
    }

    @Test func daysOffForm_refusesWhatDoesNotRead_andKeepsWhatWasStored() async throws {
        try await withKinetic { app in
            let (web, account) = try await setUp(app)
            _ = try await web.post("/goals/days-off", fields: [("action", "week"), ("rest[]", "sunday")], csrfPage: "/goals/days-off")
            let badDay = try await web.post(
                "/goals/days-off", fields: [("action", "addDay"), ("day", "2027-13-45")], csrfPage: "/goals/days-off")
            #expect(badDay.status == .unprocessableEntity)
            #expect(badDay.body.string.contains("Enter the date as yyyy-MM-dd"))
            let everyDay = try await web.post(
                "/goals/days-off", fields: [("action", "week")] + Weekday.allCases.map { ("rest[]", $0.rawValue) },
                csrfPage: "/goals/days-off")
            #expect(everyDay.status == .unprocessableEntity)
            #expect(everyDay.body.string.contains("Keep at least one day a week to jump."))
            let pauses = try await app.json(.GET, "/api/v1/goals/pauses", token: account.token).decoded(
                as: Components.Schemas.JumpPauses.self)
            #expect(pauses.restWeekdays == [.sunday] && pauses.pausedDays == [])
        }
    }

    @Test func aMonthOff_hasNoPace_andDoesNotBreakTheStreak() async throws {
        try await withKinetic { app in
            let (web, account) = try await setUp(app)
            let user = try #require(try await User.find(UUID(uuidString: account.customerId), on: app.db))
            let repository = GoalsRepository(database: app.db, userID: try user.requireID())
            // October and November 2026 reached a 20,000 goal; December fell short.
            try await repository.setGoals(MonthGoals(jumpGoal: 20_000, calorieGoal: 0), for: Month("2026-10")!)
            try await push(app, account, date: "2026-10-10", jumps: 20_000)
            try await push(app, account, date: "2026-11-10", jumps: 21_000)
            try await push(app, account, date: "2026-12-10", jumps: 5_000)
            #expect(try await progress(app, account).streak.months == 0)

            // December taken off (afterwards, through the API): the streak goes past it.
            _ = try await app.json(.PUT, "/api/v1/goals/pauses", body: ["pausedMonths": ["2026-12"]], token: account.token)
            let report = try await progress(app, account)
            #expect(report.streak.months == 2)
            #expect(report.months.map(\.month) == ["2027-01", "2026-12", "2026-11", "2026-10"])
            #expect(report.months[1].paused && report.months[1].jumps.total == 5_000)
            #expect(report.months[2].jumps.reached && report.months[2].jumps.goal == 20_000)
            #expect(try await web.get("/goals").body.string.contains("Goal reached 2 months in a row"))

            // This month off: no pace, the page says so.
            _ = try await web.post("/goals/days-off", fields: [("action", "week"), ("monthOff", "1")], csrfPage: "/goals/days-off")
            #expect(try await progress(app, account).months.first?.jumps.pace == nil)
            let html = try await web.get("/goals").body.string
            #expect(html.contains("This month is a month off"))
            #expect(!html.contains("ring-pace-tick"))
        }
    }

    @Test func pastMonthsWithoutAGoal_carryTheirTotals() async throws {
        try await withKinetic { app in
            let (_, account) = try await setUp(app)
            try await push(app, account, date: "2026-09-03", jumps: 4_200)
            let september = try #require(try await progress(app, account).months.first { $0.month == "2026-09" })
            #expect(september.jumps.total == 4_200 && september.jumps.goal == nil && september.jumps.pace == nil)
        }
    }

    @Test func anotherUsersPauses_areNeitherSeenNorChanged() async throws {
        try await withKinetic { app in
            let (_, ana) = try await setUp(app)
            let ben = try await app.signUp()
            _ = try await app.json(.PUT, "/api/v1/goals/pauses", body: ["restWeekdays": ["sunday"]], token: ana.token)
            let bens = try await app.json(.GET, "/api/v1/goals/pauses", token: ben.token).decoded(as: Components.Schemas.JumpPauses.self)
            #expect(bens.restWeekdays == [])
            _ = try await app.json(.PUT, "/api/v1/goals/pauses", body: ["restWeekdays": []], token: ben.token)
            let anas = try await app.json(.GET, "/api/v1/goals/pauses", token: ana.token).decoded(as: Components.Schemas.JumpPauses.self)
            #expect(anas.restWeekdays == [.sunday])
        }
    }

    @Test(arguments: [
        (#"{"restWeekdays": ["caturday"]}"#, "restWeekdays[0]"),
        (#"{"pausedDays": ["2027-02-30"]}"#, "pausedDays[0]"),
        (#"{"pausedMonths": "2027-08"}"#, "pausedMonths"),
        (#"{"pausedDays": [1]}"#, "pausedDays[0]"),
        (#"{"holidays": []}"#, "holidays"),
    ])
    func invalidPauses_are422_andNothingChanges(json: String, field: String) async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            _ = try await app.json(.PUT, "/api/v1/goals/pauses", body: ["restWeekdays": ["monday"]], token: account.token)
            let response = try await app.json(.PUT, "/api/v1/goals/pauses", rawBody: json, token: account.token)
            #expect(response.status == .unprocessableEntity)
            #expect(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties[field] != nil)
            let pauses = try await app.json(.GET, "/api/v1/goals/pauses", token: account.token).decoded(
                as: Components.Schemas.JumpPauses.self)
            #expect(pauses.restWeekdays == [.monday])
        }
    }

    @Test func tooManyDaysOff_areRefusedBeforeAnyIsRead() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let days = (0...JumpPauses.maximumPausedDays).map { LocalDate(daysSince1970: 20_000 + $0).description }
            let response = try await app.json(.PUT, "/api/v1/goals/pauses", body: ["pausedDays": days], token: account.token)
            #expect(response.status == .unprocessableEntity)
            #expect(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties["pausedDays"] != nil)
        }
    }

    @Test func replacementsAtOnce_leaveOneWholeSet() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let sets: [[String]] = [["monday", "tuesday"], ["friday"], ["saturday", "sunday", "monday"]]
            try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for round in 0..<4 {
                    for set in sets {
                        group.addTask {
                            try await app.json(
                                .PUT, "/api/v1/goals/pauses", body: ["restWeekdays": set, "pausedDays": ["2027-01-0\(round + 1)"]],
                                token: account.token
                            ).status
                        }
                    }
                }
                for try await status in group { #expect(status == .ok) }
            }
            let stored = try await app.json(.GET, "/api/v1/goals/pauses", token: account.token).decoded(
                as: Components.Schemas.JumpPauses.self)
            #expect(sets.map(Set.init).contains(Set((stored.restWeekdays ?? []).map(\.rawValue))))
            #expect(stored.pausedDays?.count == 1)
        }
    }
}
