import Fluent
import Foundation
import KineticCore
import Testing
import VaporTesting

@testable import App

/// A yearly wish over a simulated year and a half: each year's wish made and delivered once and
/// its reminder filed once, by two instances at the same time and across a restart; paused,
/// resumed and ended.
@Suite struct YearlyWishTests {
    private func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// An instance: its own queue owner, the roller with the app's words.
    private func instance(_ app: Application, _ owner: String) -> WishDispatcher {
        var dispatcher = WishDispatcher(database: app.db, queue: WishDeliveryQueue(database: app.db, owner: owner))
        dispatcher.roller = YearlyWishRoller(database: app.db, catalog: app.stringCatalog)
        return dispatcher
    }

    private func token(_ app: Application, _ account: TestAccount) async throws -> String {
        let response = try await app.json(.POST, "/api/v1/login", body: ["email": account.email, "password": account.password])
        return try #require(try response.jsonObject()["token"] as? String)
    }

    @Test func eachYearsWish_isMadeDeliveredAndRemindedOnce_byTwoInstances_acrossARestart() async throws {
        let clock = TestClock(testNow)
        try await withKinetic(clock: clock) { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let bob = try await app.signUp(name: "Bob", email: "bob@example.com")
            let eve = try await app.signUp(name: "Eve", email: "eve@example.com")
            let body: [String: Any] = [
                "occasion": "birthday", "subject": "Happy birthday, Bob", "message": "All the best!", "recipients": ["bob@example.com"],
                "sendAt": "2027-01-20T08:00", "timeZone": "Europe/Berlin", "repeatsYearly": true, "remindDaysBefore": 3,
            ]
            let badReminder = try await app.json(
                .POST, "/api/v1/wishes", body: body.merging(["remindDaysBefore": 45]) { _, new in new }, token: ann.token)
            #expect(badReminder.status == .unprocessableEntity)
            let created = try await app.json(.POST, "/api/v1/wishes", body: body, token: ann.token)
            #expect(created.status == .created, "\(created.body.string)")
            let seriesID = try #require(try created.jsonObject()["yearlyId"] as? String)
            let series = try await app.json(.GET, "/api/v1/wishes/yearly/\(seriesID)", token: ann.token).jsonObject()
            let next = try #require(series["next"] as? [[String: Any]])
            #expect(next.map { $0["local"] as? String } == (2027...2031).map { "\($0)-01-20T08:00" })
            #expect(next.first?["at"] as? String == "2027-01-20T07:00:00Z")
            #expect(try await app.json(.GET, "/api/v1/wishes/yearly/\(seriesID)", token: eve.token).status == .notFound)

            // The server's clock moves to each moment; two instances run at once, twice each.
            func rounds(_ a: WishDispatcher, _ b: WishDispatcher, at time: String) async throws {
                let now = at(time)
                clock.advance(by: now.timeIntervalSince(clock.now))
                for _ in 0..<2 {
                    async let first = a.runOnce(now: now)
                    async let second = b.runOnce(now: now)
                    _ = try await (first, second)
                }
            }
            var (a, b) = (instance(app, "instance-a"), instance(app, "instance-b"))
            try await rounds(a, b, at: "2027-01-17T07:00:01Z") // three days before: the reminder
            try await rounds(a, b, at: "2027-01-20T07:00:05Z") // its time: delivered, and 2028's made
            // A restart: the instances go, new ones come.
            (a, b) = (instance(app, "instance-a2"), instance(app, "instance-b2"))
            try await rounds(a, b, at: "2027-06-01T12:00:00Z")
            try await rounds(a, b, at: "2028-01-17T07:00:01Z")
            try await rounds(a, b, at: "2028-01-20T07:00:05Z")

            // A year on, the tokens of then have expired: each signs in again.
            let annToken = try await token(app, ann), bobToken = try await token(app, bob), eveToken = try await token(app, eve)
            let bobsInbox = try #require(
                try await app.json(.GET, "/api/v1/wishes?box=inbox", token: bobToken).jsonObject()["items"] as? [[String: Any]])
            #expect(bobsInbox.count == 2, "one wish each year, never twice")
            let reminders = try #require(
                try await app.json(.GET, "/api/v1/wishes?box=inbox", token: annToken).jsonObject()["items"] as? [[String: Any]])
            #expect(reminders.count == 2 && reminders.allSatisfy { $0["kind"] as? String == "reminder" })
            #expect(reminders.first?["subject"] as? String == "Coming up: Happy birthday, Bob")
            let seriesUUID = try #require(UUID(uuidString: seriesID))
            let occurrences = try await WishRecord.query(on: app.db).filter(\.$seriesID == seriesUUID).sort(\.$sendAt).all()
            #expect(occurrences.map(\.occurrenceYear) == [2027, 2028, 2029])
            #expect(occurrences.map(\.state) == [.sent, .sent, .scheduled])
            #expect(occurrences.last?.sendAt == at("2029-01-20T07:00:00Z"))

            // Paused: 2029's is taken back and none is made; resumed: it is back; ended: gone.
            let paused = try await app.json(.POST, "/api/v1/wishes/yearly/\(seriesID)/pause", token: annToken).jsonObject()
            #expect(paused["state"] as? String == "paused" && paused["upcomingWishId"] is NSNull)
            try await rounds(a, b, at: "2028-03-01T12:00:00Z")
            #expect(try await app.json(.GET, "/api/v1/wishes/counts", token: annToken).jsonObject()["scheduled"] as? Int == 0)
            #expect(try await app.json(.POST, "/api/v1/wishes/yearly/\(seriesID)/resume", token: eveToken).status == .notFound)
            let resumed = try await app.json(.POST, "/api/v1/wishes/yearly/\(seriesID)/resume", token: annToken).jsonObject()
            #expect(resumed["state"] as? String == "active" && resumed["upcomingWishId"] is String)
            #expect(try await app.json(.DELETE, "/api/v1/wishes/yearly/\(seriesID)", token: annToken).status == .noContent)
            #expect(try await app.json(.GET, "/api/v1/wishes/counts", token: annToken).jsonObject()["scheduled"] as? Int == 0)
            let list = try await app.json(.GET, "/api/v1/wishes/yearly", token: annToken).jsonObject()
            #expect((list["items"] as? [Any])?.isEmpty == true)
            #expect(try await app.json(.POST, "/api/v1/wishes/yearly/\(seriesID)/resume", token: annToken).status == .conflict)
        }
    }
}
