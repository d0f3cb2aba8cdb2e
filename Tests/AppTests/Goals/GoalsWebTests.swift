import Fluent
import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

@Suite struct GoalsWebTests {
    private func today(_ app: Application) -> LocalDate { app.userCalendar.today }

    /// A signed-in user with fitness settings, a calorie goal and sessions this month and two months ago.
    private func setUp(_ app: Application, calorieGoal: Int = 2_000) async throws -> (WebClient, TestAccount) {
        let account = try await app.signUp()
        _ = try await app.json(
            .PUT, "/api/v1/profile", body: ["fitness": ["bodyType": 1, "height": 70, "jumpGoal": 20_000, "calorieGoal": calorieGoal]],
            token: account.token)
        let current = Month(today(app))
        let earlier = current.previous.previous
        for (date, jumps) in [
            (today(app).description, 5_000), (LocalDate(year: earlier.year, month: earlier.month, day: 10)!.description, 3_000),
        ] {
            let response = try await app.json(
                .POST, "/api/v1/jump-sessions",
                body: [
                    "date": date, "numberOfJumps": jumps, "parkName": "Plainfield", "startTime": "13:00", "endTime": "14:00",
                ], token: account.token)
            #expect(response.status == .created)
        }
        let web = WebClient(app: app)
        try await web.logIn(email: account.email, password: account.password)
        return (web, account)
    }

    @Test func currentMonth_showsProgressRingAndNoWayForward() async throws {
        try await withKinetic { app in
            let (web, _) = try await setUp(app)
            let html = try await web.get("/goals").body.string
            let current = Month(today(app))
            #expect(html.contains("data-month=\"\(current)\""))
            #expect(html.contains("5,000 Jumps"))
            #expect(html.contains("25%"))
            // Blue arc: 5,000 of 20,000 is a quarter of the circle, from 12 o'clock.
            #expect(html.contains("data-arc=\"progress\" data-start=\"0\" data-end=\"90\""))
            #expect(html.contains("month-next is-disabled"))
            #expect(html.contains("href=\"/goals?month=\(current.previous)\""))
        }
    }

    @Test func monthStepping_stopsAtTheFirstActiveMonthAndAtThisMonth() async throws {
        try await withKinetic { app in
            let (web, _) = try await setUp(app)
            let current = Month(today(app))
            let first = current.previous.previous
            let firstPage = try await web.get("/goals?month=\(first)").body.string
            #expect(firstPage.contains("data-month=\"\(first)\""))
            #expect(firstPage.contains("month-previous is-disabled"))
            #expect(firstPage.contains("3,000 Jumps"))
            let beforeFirst = try await web.get("/goals?month=\(first.previous.previous)").body.string
            #expect(beforeFirst.contains("data-month=\"\(first)\""))
            let future = try await web.get("/goals?month=\(current.next)").body.string
            #expect(future.contains("data-month=\"\(current)\""))
            let empty = try await web.get("/goals?month=\(current.previous)").body.string
            #expect(empty.contains("No jumps in "))
            #expect(!empty.lowercased().contains("this month"))
        }
    }

    @Test func monthPicker_offersTheActiveMonths_andKeepsTheCategoryAndView() async throws {
        try await withKinetic { app in
            let (web, _) = try await setUp(app)
            let current = Month(today(app)), first = current.previous.previous
            let html = try await web.get("/goals?category=calories&view=remaining").body.string
            let options = html.components(separatedBy: "<option value=\"").dropFirst().map { String($0.prefix(7)) }
            #expect(options == [current.description, current.previous.description, first.description])
            #expect(html.contains("<option value=\"\(current)\" selected>"))
            #expect(html.contains("<input type=\"hidden\" name=\"category\" value=\"calories\" data-keeps-query/>"))
            #expect(html.contains("<input type=\"hidden\" name=\"view\" value=\"remaining\" data-keeps-query/>"))
            #expect(html.contains("href=\"/goals?month=\(current.previous)&amp;category=calories&amp;view=remaining\""))
            // The picker is a plain GET form: what it submits opens that month in the same view.
            let picked = try await web.get("/goals?month=\(first)&view=remaining").body.string
            #expect(picked.contains("<option value=\"\(first)\" selected>"))
            #expect(picked.contains("data-view=\"remaining\""))
        }
    }

    @Test func caloriesCategory_appearsOnlyWithACalorieGoal() async throws {
        try await withKinetic { app in
            let (web, _) = try await setUp(app, calorieGoal: 0)
            let without = try await web.get("/goals").body.string
            #expect(!without.contains("data-category-tab=\"calories\""))
            _ = try await web.post("/goals/edit", form: ["jumpGoal": "20000", "calorieGoal": "1500"], csrfPage: "/goals")
            let with = try await web.get("/goals?category=calories").body.string
            #expect(with.contains("data-category-tab=\"calories\""))
            #expect(
                with.contains("id=\"panel-jumps\" role=\"tabpanel\" aria-labelledby=\"tab-jumps\" data-category-panel=\"jumps\" hidden"))
        }
    }

    @Test func views_areRenderedForEachRepresentation() async throws {
        try await withKinetic { app in
            let (web, _) = try await setUp(app)
            let html = try await web.get("/goals?view=lastSession").body.string
            #expect(
                html.contains(
                    "ring-arc ring-arc-inner is-active\" cx=\"120\" cy=\"120\" r=\"82\" pathLength=\"360\" stroke-dasharray=\"90 360\" transform=\"rotate(-90 120 120)\" data-arc=\"inner\" data-representation=\"lastSession\""
                ))
            #expect(html.contains("data-representation=\"remaining\" data-start=\"90\" data-end=\"360\""))
        }
    }

    @Test func editGoals_savesTheCurrentMonthAndValidates() async throws {
        try await withKinetic { app in
            let (web, account) = try await setUp(app)
            let saved = try await web.post(
                "/goals/edit", form: ["jumpGoal": "42000", "calorieGoal": "2500"], csrfPage: "/goals",
                headers: ["Accept": "application/json"])
            #expect(saved.status == .ok)
            let profile = try await app.json(.GET, "/api/v1/profile", token: account.token).decoded(as: Components.Schemas.Profile.self)
            #expect(profile.fitness.jumpGoal == 42_000)
            #expect(profile.fitness.calorieGoal == 2_500)
            let invalid = try await web.post(
                "/goals/edit", form: ["jumpGoal": "-3"], csrfPage: "/goals", headers: ["Accept": "application/json"])
            #expect(invalid.status == .unprocessableEntity)
            // Raw on purpose: the Goals page's JSON answer is no API answer; the document does not describe it.
            #expect((try invalid.apiError()["fields"] as? [String: String])?["jumpGoal"] != nil)
        }
    }

    @Test func calorieGoalWithoutFitness_isRefused_andTheDialogOffersFitnessSettings() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let web = WebClient(app: app)
            try await web.logIn(email: account.email, password: account.password)
            let page = try await web.get("/goals").body.string
            #expect(page.contains("<fieldset class=\"card calorie-section\" id=\"calorie-section\" disabled>"))
            #expect(page.contains("data-open-fitness"))
            let refused = try await web.post(
                "/goals/edit", form: ["jumpGoal": "10000", "calorieGoal": "900"], csrfPage: "/goals",
                headers: ["Accept": "application/json"])
            #expect(refused.status == .unprocessableEntity)
            // Raw on purpose: the Goals page's JSON answer is no API answer; the document does not describe it.
            #expect((try refused.apiError()["fields"] as? [String: String])?["fitness.calorieGoal"] != nil)
        }
    }

    @Test func jumpHistory_addsSessionsGroupedByMonth() async throws {
        try await withKinetic { app in
            let (web, account) = try await setUp(app)
            let added = try await web.post(
                "/goals/history",
                form: [
                    "date": today(app).description, "parkName": "Riverside", "startTime": "09:00", "endTime": "10:15",
                    "numberOfJumps": "1234", "numberOfCalories": "",
                ], csrfPage: "/goals/history")
            #expect(added.status == .seeOther)
            let html = try await web.get("/goals/history?added=1").body.string
            #expect(html.contains("Session added."))
            #expect(html.contains("Riverside"))
            #expect(html.range(of: #"9:00\W*AM–10:15\W*AM"#, options: .regularExpression) != nil)
            #expect(html.contains("≈ 70 kcal"))
            #expect(html.components(separatedBy: "class=\"history-month\"").count - 1 == 2)
            let sessions = try await app.json(.GET, "/api/v1/jump-sessions", token: account.token)
                .decoded(as: [Components.Schemas.JumpSession].self)
            #expect(sessions.contains { $0.numberOfJumps == 1_234 })
        }
    }

    @Test func jumpHistory_invalidForm_rerendersWithMessages() async throws {
        try await withKinetic { app in
            let (web, account) = try await setUp(app)
            let response = try await web.post(
                "/goals/history",
                form: [
                    "date": today(app).description, "parkName": "", "startTime": "14:00", "endTime": "14:00", "numberOfJumps": "-1",
                ], csrfPage: "/goals/history")
            #expect(response.status == .unprocessableEntity)
            let html = response.body.string
            #expect(html.contains("The end must differ from the start"))
            #expect(html.contains("Enter the park."))
            #expect(html.contains("<details class=\"card add-session\" open>"))
            let sessions = try await app.json(.GET, "/api/v1/jump-sessions", token: account.token)
                .decoded(as: [Components.Schemas.JumpSession].self)
            #expect(sessions.count == 2)
        }
    }

    @Test func anotherUsersSessions_neverAppear() async throws {
        try await withKinetic { app in
            let (_, _) = try await setUp(app)
            let stranger = try await app.signUp()
            let web = WebClient(app: app)
            try await web.logIn(email: stranger.email, password: stranger.password)
            let history = try await web.get("/goals/history").body.string
            #expect(history.contains("No jump sessions yet"))
            #expect(!history.contains("Plainfield"))
            #expect(try await web.get("/goals").body.string.contains("No jumps yet this month"))
        }
    }

    @Test func germanPage_formatsMonthsNumbersAndTimes() async throws {
        try await withKinetic { app in
            let (web, _) = try await setUp(app)
            let goals = try await web.get("/goals", headers: ["Accept-Language": "de"]).body.string
            #expect(goals.contains("5.000 Sprünge"))
            #expect(goals.range(of: #"25\s%"#, options: .regularExpression) != nil)
            let history = try await web.get("/goals/history", headers: ["Accept-Language": "de"]).body.string
            #expect(history.contains("13:00–14:00"))
        }
    }
}
