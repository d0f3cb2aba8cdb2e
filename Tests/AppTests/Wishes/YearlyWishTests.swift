import Fluent
import Foundation
import KineticAPI
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
        return try response.decoded(as: Components.Schemas.AuthResponse.self).token
    }

    /// The counts of the lists of the account signed in with `token`.
    private func counts(_ app: Application, token: String) async throws -> Components.Schemas.WishCounts {
        try await app.json(.GET, "/api/v1/wishes/counts", token: token).decoded(as: Components.Schemas.WishCounts.self)
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
            let seriesID = try #require(try created.decoded(as: Components.Schemas.Wish.self).yearlyId)
            let seriesResponse = try await app.json(.GET, "/api/v1/wishes/yearly/\(seriesID)", token: ann.token)
            let series = try seriesResponse.decoded(as: Components.Schemas.YearlyWish.self)
            #expect(series.next.map(\.local) == (2027...2031).map { "\($0)-01-20T08:00" })
            // Raw on purpose: the time as written (whole seconds, `Z`), which the decoded `Date` does not keep.
            let rawNext = try #require(try seriesResponse.jsonObject()["next"] as? [[String: Any]])
            #expect(rawNext.first?["at"] as? String == "2027-01-20T07:00:00Z")
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
            var annToken = try await token(app, ann), eveToken = try await token(app, eve)
            let bobToken = try await token(app, bob)
            let bobsInbox = try await app.json(.GET, "/api/v1/wishes?box=inbox", token: bobToken)
                .decoded(as: Components.Schemas.WishList.self).items
            #expect(bobsInbox.count == 2, "one wish each year, never twice")
            let reminders = try await app.json(.GET, "/api/v1/wishes?box=inbox", token: annToken)
                .decoded(as: Components.Schemas.WishList.self).items
            #expect(reminders.count == 2 && reminders.allSatisfy { $0.kind == .reminder })
            #expect(reminders.first?.subject == "Coming up: Happy birthday, Bob")
            let seriesUUID = try #require(UUID(uuidString: seriesID))
            let occurrences = try await WishRecord.query(on: app.db).filter(\.$seriesID == seriesUUID).sort(\.$sendAt).all()
            #expect(occurrences.map(\.occurrenceYear) == [2027, 2028, 2029])
            #expect(occurrences.map(\.state) == [.sent, .sent, .scheduled])
            #expect(occurrences.last?.sendAt == at("2029-01-20T07:00:00Z"))

            // A year's wish stays in its year when changed.
            let upcoming = try #require(occurrences.last?.id?.uuidString)
            var moved = body
            moved["sendAt"] = "2030-01-20T08:00"
            moved["repeatsYearly"] = nil
            moved["remindDaysBefore"] = nil
            let otherYear = try await app.json(.PUT, "/api/v1/wishes/\(upcoming)", body: moved, token: annToken)
            #expect(otherYear.status == .unprocessableEntity, "\(otherYear.body.string)")
            moved["sendAt"] = "2029-01-21T09:00"
            moved["message"] = "This year's words"
            #expect(try await app.json(.PUT, "/api/v1/wishes/\(upcoming)", body: moved, token: annToken).status == .ok)

            // Paused: 2029's wish stays as changed, no later one is made; resumed; ended: 2029's taken back.
            let paused = try await app.json(.POST, "/api/v1/wishes/yearly/\(seriesID)/pause", token: annToken)
                .decoded(as: Components.Schemas.YearlyWish.self)
            #expect(paused.state == .paused && paused.upcomingWishId == upcoming)
            try await rounds(a, b, at: "2029-01-21T08:00:05Z")
            (annToken, eveToken) = (try await token(app, ann), try await token(app, eve))
            let afterPause = try await WishRecord.query(on: app.db).filter(\.$seriesID == seriesUUID).sort(\.$sendAt).all()
            #expect(afterPause.map(\.occurrenceYear) == [2027, 2028, 2029], "no 2030 while paused")
            #expect(afterPause.last?.message == "This year's words" && afterPause.last?.state == .sent)
            #expect(try await app.json(.POST, "/api/v1/wishes/yearly/\(seriesID)/resume", token: eveToken).status == .notFound)
            let resumed = try await app.json(.POST, "/api/v1/wishes/yearly/\(seriesID)/resume", token: annToken)
                .decoded(as: Components.Schemas.YearlyWish.self)
            #expect(resumed.state == .active && resumed.upcomingWishId != nil)
            #expect(try await counts(app, token: annToken).scheduled == 1, "2030's")
            #expect(try await app.json(.DELETE, "/api/v1/wishes/yearly/\(seriesID)", token: annToken).status == .noContent)
            #expect(try await counts(app, token: annToken).scheduled == 0)
            let list = try await app.json(.GET, "/api/v1/wishes/yearly", token: annToken)
                .decoded(as: Components.Schemas.YearlyWishList.self)
            #expect(list.items.isEmpty)
            for action in ["resume", "pause"] {
                let revived = try await app.json(.POST, "/api/v1/wishes/yearly/\(seriesID)/\(action)", token: annToken)
                #expect(revived.status == .conflict, "an ended yearly wish stays ended")
            }
        }
    }
}
