import Fluent
import Foundation
import Testing
import VaporTesting

@testable import App

/// What the phone's outbox sends names the account it was made for: another account's session
/// never runs it.
@Suite struct OutboxSendingTests {
    private let session = [
        ("date", "2021-05-01"), ("parkName", "Swap Park"), ("startTime", "10:00"), ("endTime", "11:00"), ("numberOfJumps", "111"),
    ]

    @Test func aFormMadeForAnotherAccount_isNotRun_andOneMadeForThisOneIs() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let (_, other) = try await app.signedInWebClient()
            let otherUser = try #require(try await User.query(on: app.db).filter(\.$email == other.email).first()?.id)
            let thisUser = try #require(try await User.query(on: app.db).filter(\.$email == account.email).first()?.id)
            let refused = try await web.post(
                "/goals/history", fields: session, csrfPage: "/goals/history",
                headers: ["X-Kinetic-Sent-For": OfflineAccountMiddleware.name(of: otherUser)])
            #expect(refused.status == .conflict && refused.headers.first(name: "X-Kinetic-Other-Account") == "1")
            #expect(try await JumpSessionRecord.query(on: app.db).count() == 0)
            let taken = try await web.post(
                "/goals/history", fields: session, csrfPage: "/goals/history",
                headers: ["X-Kinetic-Sent-For": OfflineAccountMiddleware.name(of: thisUser)])
            #expect(taken.status == .seeOther)
            #expect(try await JumpSessionRecord.query(on: app.db).count() == 1)
        }
    }
}
