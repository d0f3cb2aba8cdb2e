import Foundation
import KineticAPI
import NIOCore
import SQLKit
import Testing
import VaporTesting

@testable import App

/// The failed-login throttle holds when guesses arrive all at once.
@Suite struct LoginThrottleTests {
    @Test func fiftyConcurrentWrongPasswords_checkAtMostTheAllowance() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for attempt in 0..<50 {
                    group.addTask {
                        try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": "wrong-guess-\(attempt)"])
                            .status
                    }
                }
                return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .unauthorized }.count == 5)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 45, "\(statuses.map(\.code).sorted())")
        }
    }

    @Test func correctPasswords_doNotUseUpTheAllowance() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            for _ in 0..<8 {
                #expect(
                    try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": account.password]).status == .ok)
            }
            #expect(
                try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": "wrong-guess"]).status
                    == .unauthorized)
        }
    }

    /// OWASP's device cookies: a browser or app that signed in before keeps its own allowance,
    /// so five wrong passwords from anyone else do not lock the owner out; its own failures
    /// count against it alone, and a password reset forgets every device.
    @Test func aDeviceThatSignedInBefore_isNotLockedOutByAGuesser() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let first = try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": account.password])
                .decoded(as: Components.Schemas.AuthResponse.self)
            let device = try #require(first.deviceToken)
            for attempt in 0..<6 {
                _ = try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": "guess-\(attempt)"])
            }
            #expect(
                try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": account.password]).status
                    == .tooManyRequests,
                "a stranger's login is throttled")
            let owner = try await app.json(
                .POST, "/api/v1/login", body: ["email": account.email, "password": account.password, "deviceToken": device])
            #expect(owner.status == .ok, "the owner's device has its own allowance")
            let next = try #require(try owner.decoded(as: Components.Schemas.AuthResponse.self).deviceToken)
            #expect(next != device, "a new secret each time")
            #expect(
                try await app.json(
                    .POST, "/api/v1/login", body: ["email": account.email, "password": account.password, "deviceToken": device]
                ).status == .tooManyRequests,
                "the old secret is spent")
            // Another account's device is no device for this one.
            let other = try await app.signUp()
            let otherDevice = try #require(
                try await app.json(.POST, "/api/v1/login", body: ["email": other.email, "password": other.password])
                    .decoded(as: Components.Schemas.AuthResponse.self).deviceToken)
            #expect(
                try await app.json(
                    .POST, "/api/v1/login", body: ["email": account.email, "password": account.password, "deviceToken": otherDevice]
                ).status == .tooManyRequests)

            // A browser keeps it in a cookie.
            let web = WebClient(app: app)
            try await web.logIn(email: other.email, password: other.password)
            #expect(web.cookies[LoginDevice.cookie] != nil)
        }
    }

    @Test func theRealUser_getsInAgainOnceTheAccountsBucketRefills() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_790_000_000))
        try await withKinetic(clock: clock) { app in
            let account = try await app.signUp()
            for attempt in 0..<5 {
                #expect(
                    try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": "wrong-\(attempt)"]).status
                        == .unauthorized)
            }
            let locked = try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": account.password])
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers.first(name: .retryAfter) == "30")
            clock.advance(by: 30)
            #expect(try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": account.password]).status == .ok)
        }
    }

    @Test func theBuckets_liveInTheDatabase_soEveryInstanceSeesThem() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            _ = try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": "wrong-guess"])
            let rows = try await app.db.sql().raw(
                "SELECT tokens FROM throttle_buckets WHERE bucket_key = \(bind: "account:" + account.email)"
            ).all()
            #expect(try rows.first?.decode(column: "tokens", as: Double.self) == 4)
        }
    }
}
