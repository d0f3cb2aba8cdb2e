import Foundation
import KineticCore
import Testing
import VaporTesting

@testable import App

/// What the Goals and Profile pages say: a goal of 0 is no goal, said once; only the current
/// month is "this month"; a new account is welcomed and led on to the modules.
@Suite struct GoalsWordingTests {
    private func occurrences(of text: String, in html: String) -> Int {
        html.components(separatedBy: text).count - 1
    }

    @Test func aJumpGoalOfZero_isNoGoal_saidOnce() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["fitness": ["jumpGoal": 0]], token: account.token)
            let goals = try await web.get("/goals").body.string
            #expect(occurrences(of: "No goal set for this month", in: goals) == 1)
            #expect(!goals.contains("Goal: 0"))
            #expect(!goals.contains(">No goal<"))
            #expect(goals.contains("Set a goal with Edit to see what is left."))
            let profile = try await web.get("/profile").body.string
            #expect(profile.contains("No jump goal this month"))
            #expect(!profile.contains("0 jumps this month"))
        }
    }

    @Test func aPastMonth_isNamed_neverThisMonth() async throws {
        let clock = TestClock(testNow)
        try await withKinetic(clock: clock) { app in
            let account = try await app.signUp()
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["fitness": ["jumpGoal": 0]], token: account.token)
            clock.advance(by: 40 * 24 * 3600)
            let web = WebClient(app: app)
            try await web.logIn(email: account.email, password: account.password)
            let past = Month(LocalDate(containing: testNow, in: app.kineticConfiguration.timeZone))
            let html = try await web.get("/goals?month=\(past)").body.string
            #expect(html.contains("data-month=\"\(past)\""))
            #expect(!html.lowercased().contains("this month"))
            #expect(html.contains("No jumps in January 2027"))
            #expect(html.contains("No goal was set for January 2027"))
            #expect(!html.contains("edit-goals-button") && !html.contains("id=\"edit-goals\""), "past months keep their goals")
            let current = try await web.get("/goals").body.string
            #expect(current.contains("These goals count from February 2027 on"))
        }
    }

    @Test func signingUp_opensAWelcomeThatLeadsToAllFiveModules() async throws {
        try await withKinetic { app in
            let web = WebClient(app: app)
            let response = try await web.post(
                "/signup", form: ["name": "Jo", "email": "jo@example.com", "password": "long-enough-pw"], csrfPage: "/signup")
            #expect(response.headers.first(name: .location) == "/settings/fitness?welcome=1")
            let page = try await web.get("/settings/fitness?welcome=1").body.string
            #expect(page.contains("Welcome to Kinetic, Jo!"))
            for module in ["goals", "steps", "workouts", "reports", "wishes"] {
                #expect(page.contains("class=\"welcome-module\" href=\"/\(module)\""), "the welcome leads to \(module)")
            }
            #expect(!(try await web.get("/settings/fitness").body.string.contains("Welcome to Kinetic")))
        }
    }

    @Test func pastTheGoal_theRingRunsASecondLapWithAShadowedCap_andAWholeCircleHasNoSeam() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["fitness": ["jumpGoal": 1_000]], token: account.token)
            let session: [String: Any] = [
                "date": app.userCalendar.today.description, "numberOfJumps": 1_500, "parkName": "Plainfield", "startTime": "10:00",
                "endTime": "11:00",
            ]
            #expect(try await app.json(.POST, "/api/v1/jump-sessions", body: session, token: account.token).status == .created)
            let html = try await web.get("/goals").body.string
            #expect(html.contains("150%"))
            #expect(
                html.contains(#"stroke-dasharray="none" transform="rotate(-90 120 120)" data-arc="progress""#),
                "the full first lap is undashed")
            #expect(html.contains(#"stroke-dasharray="180 360" transform="rotate(-90 120 120)" data-arc="overlap""#))
            #expect(html.contains(#"class="ring-cap" cx="120" cy="226""#), "the cap sits at 6 o'clock")
        }
    }
}
