import Foundation
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
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 45)
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
}
