import Foundation
import Testing
import VaporTesting

@testable import App

/// Jump sessions outside what a visit can be are refused with a message on their field.
@Suite struct JumpSessionLimitsTests {
    /// A session's JSON with one member replaced by a raw JSON literal.
    private static func session(_ field: String? = nil, _ literal: String? = nil, startTime: String = "10:00") -> String {
        var members = [
            "date": #""2026-11-12""#, "numberOfJumps": "1000", "parkName": #""Sky Park""#, "startTime": "\"\(startTime)\"",
            "endTime": #""11:00""#,
        ]
        if let field, let literal { members[field] = literal }
        return "{" + members.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }

    @Test(arguments: [
        ("numberOfJumps", "9223372036854775807"),
        ("numberOfJumps", "100001"),
        ("date", #""1999-12-31""#),
        ("date", #""+202-01-01""#),
        ("date", #""0001-01-01""#),
        ("startTime", #""+1:00""#),
        ("endTime", #""23:30""#),
    ])
    func implausibleSession_isRefused(field: String, literal: String) async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let body = Self.session(field, literal, startTime: field == "endTime" ? "08:00" : "10:00")
            let response = try await app.json(.POST, "/api/v1/jump-sessions", rawBody: body, token: account.token)
            #expect(response.status == .unprocessableEntity)
            let fields = try #require(try response.apiError()["fields"] as? [String: String])
            #expect(fields[field] != nil)
        }
    }

    @Test func sessionAtTheLimits_isAccepted() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let body = #"{"date":"2000-01-01","numberOfJumps":100000,"parkName":"Sky Park","startTime":"08:00","endTime":"20:00"}"#
            #expect(try await app.json(.POST, "/api/v1/jump-sessions", rawBody: body, token: account.token).status == .created)
        }
    }
}
