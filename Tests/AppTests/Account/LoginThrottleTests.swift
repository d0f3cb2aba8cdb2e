import Foundation
import SQLKit
import NIOCore
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
                        try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": "wrong-guess-\(attempt)"]).status
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
                #expect(try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": account.password]).status == .ok)
            }
            #expect(try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": "wrong-guess"]).status == .unauthorized)
        }
    }

    @Test func theRealUser_getsInAgainOnceTheAccountsBucketRefills() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_790_000_000))
        try await withKinetic(clock: clock) { app in
            let account = try await app.signUp()
            for attempt in 0..<5 {
                #expect(try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": "wrong-\(attempt)"]).status == .unauthorized)
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
            let rows = try await app.db.sql().raw("SELECT tokens FROM throttle_buckets WHERE bucket_key = \(bind: "account:" + account.email)").all()
            #expect(try rows.first?.decode(column: "tokens", as: Double.self) == 4)
        }
    }
}

