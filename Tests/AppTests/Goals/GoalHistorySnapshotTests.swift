import Fluent
import Foundation
import KineticAPI
import KineticCore
import SQLKit
import Testing
import VaporTesting

@testable import App

/// The stored goals array: served while current, never stale after a write, a new month or a
/// new time zone, and never stored over a write that raced its computation.
@Suite struct GoalHistorySnapshotTests {
    private func goals(_ app: Application, _ account: TestAccount) async throws -> [Components.Schemas.GoalMonth] {
        let response = try await app.json(.GET, "/api/v1/profile/\(account.customerId)/goals", token: account.token)
        #expect(response.status == .ok)
        #expect(response.headers.contentType == .json)
        return try response.decoded(as: [Components.Schemas.GoalMonth].self)
    }

    private func addSession(_ app: Application, _ account: TestAccount, date: String, jumps: Int) async throws {
        let response = try await app.json(
            .POST, "/api/v1/jump-sessions",
            body: [
                "date": date, "numberOfJumps": jumps, "parkName": "Plainfield", "startTime": "13:00", "endTime": "14:00",
            ], token: account.token)
        #expect(response.status == .created)
    }

    private func snapshot(_ app: Application, _ account: TestAccount) async throws -> GoalHistorySnapshots.Stored {
        try await GoalHistorySnapshots(database: app.db, userID: try #require(UUID(uuidString: account.customerId))).read()
    }

    @Test func theArrayIsStored_andEveryWriteShowsAtOnce() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            try await addSession(app, account, date: "2027-01-10", jumps: 1_000)
            let first = try await goals(app, account)
            #expect(first[0].jump?.currentProgress == 1_000)
            let stored = try await snapshot(app, account)
            #expect(stored.body != nil)
            #expect(stored.key == "2027-01 " + app.kineticConfiguration.timeZone.identifier)
            #expect(try await goals(app, account).count == first.count)
            // A new session, then new goals: each shows in the next answer.
            try await addSession(app, account, date: "2027-01-12", jumps: 500)
            #expect(try await snapshot(app, account).body == nil)
            #expect(try await goals(app, account)[0].jump?.currentProgress == 1_500)
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["fitness": ["jumpGoal": 42_000]], token: account.token)
            #expect(try await goals(app, account)[0].jump?.goal == 42_000)
        }
    }

    @Test func aNewMonth_andANewTimeZone_computeTheArrayAgain() async throws {
        let clock = TestClock(testNow)
        try await withKinetic(clock: clock) { app in
            let account = try await app.signUp()
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["timeZone": "Europe/Berlin"], token: account.token)
            let january = try await goals(app, account)
            #expect(january.first?.date == "2027-01")
            clock.advance(by: 31 * 24 * 3600)
            let february = try await goals(app, account)
            #expect(february.count == january.count + 1)
            #expect(february.first?.date == "2027-02")
            #expect(try await snapshot(app, account).key == "2027-02 Europe/Berlin")
            // Late on the last day of February in Honolulu it is already March in Berlin.
            clock.advance(by: (27 - 14) * 24 * 3600 + 20 * 3600)
            #expect(try await goals(app, account).first?.date == "2027-03")
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["timeZone": "Pacific/Honolulu"], token: account.token)
            #expect(try await goals(app, account).first?.date == "2027-02")
        }
    }

    @Test func aComputationThatAWriteOvertook_isNeverStored() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            let snapshots = GoalHistorySnapshots(database: app.db, userID: try #require(UUID(uuidString: account.customerId)))
            // No row yet (sign-up's goals made one: drop it): a write lands between reading and storing.
            try await app.db.sql().raw("DELETE FROM goal_history_snapshots").run()
            let none = try await snapshots.read()
            #expect(none.version == nil)
            try await snapshots.invalidate()
            try await snapshots.store("[\"stale\"]", key: "k", basedOn: none)
            #expect(try await snapshots.read().body == nil)
            // A row: the same race, then a computation that nothing overtook.
            let current = try await snapshots.read()
            try await snapshots.invalidate()
            try await snapshots.store("[\"stale\"]", key: "k", basedOn: current)
            #expect(try await snapshots.read().body == nil)
            let latest = try await snapshots.read()
            try await snapshots.store("[]", key: "k", basedOn: latest)
            #expect(try await snapshots.read().body(for: "k") == "[]")
            #expect(try await snapshots.read().body(for: "other") == nil)
        }
    }
}
