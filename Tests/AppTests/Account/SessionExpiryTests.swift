import Foundation
import Testing
import VaporTesting

@testable import App

/// Web sessions end after 7 idle days or 30 days in all; API tokens after 90 idle days.
@Suite struct SessionExpiryTests {
    private let start = Date(timeIntervalSince1970: 1_790_000_000)
    private let day: TimeInterval = 24 * 3600

    @Test func aWebSession_endsAfterAWeekIdle() async throws {
        let clock = TestClock(start)
        try await withKinetic(clock: clock) { app in
            let (web, _) = try await app.signedInWebClient()
            clock.advance(by: 6 * day)
            #expect(try await web.get("/profile").status == .ok)
            clock.advance(by: 6 * day)
            #expect(try await web.get("/profile").status == .ok, "a use moved the idle timeout ahead")
            clock.advance(by: 7 * day + 60)
            #expect(try await web.get("/profile").status == .seeOther)
        }
    }

    @Test func aWebSession_endsAfterThirtyDaysHoweverMuchItIsUsed() async throws {
        let clock = TestClock(start)
        try await withKinetic(clock: clock) { app in
            let (web, _) = try await app.signedInWebClient()
            for _ in 0..<5 {
                clock.advance(by: 5 * day)
                #expect(try await web.get("/profile").status == .ok)
            }
            clock.advance(by: 5 * day + 60)
            #expect(try await web.get("/profile").status == .seeOther)
        }
    }

    @Test func anAPIToken_livesNinetyDaysFromItsLastUse() async throws {
        let clock = TestClock(start)
        try await withKinetic(clock: clock) { app in
            let account = try await app.signUp()
            let idle = try await app.signUp()
            clock.advance(by: 80 * day)
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .ok)
            clock.advance(by: 80 * day)
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .ok)
            #expect(try await app.json(.GET, "/api/v1/profile", token: idle.token).status == .unauthorized)
        }
    }
}
