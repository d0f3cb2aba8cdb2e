import Fluent
import Foundation
import KineticCore
import SQLKit
import Testing
import VaporTesting

@testable import App

@Suite struct WishDeliveryQueueTests {
    private func inbox(_ app: Application) async throws -> [InboxWishRecord] {
        try await app.db.sql().select().column("*").from(InboxWishRecord.schema).all(decoding: InboxWishRecord.self)
    }

    @Test func scheduling_writesTheWishAndADeliveryPerRecipientAndChannel_inOneGo() async throws {
        try await withKinetic { app in
            let sender = try await app.signUp()
            let wish = try await app.scheduleWish(
                from: sender, to: ["bob@example.com", "ann@example.com"], channels: [.email, .connections, .inApp])
            let deliveries = try await WishesRepository(database: app.db).deliveries(of: wish.id)
            #expect(
                deliveries.map { "\($0.channel.rawValue) \($0.recipient ?? "-")" } == [
                    "connections -", "email ann@example.com", "email bob@example.com", "in-app ann@example.com", "in-app bob@example.com",
                ])
            #expect(deliveries.allSatisfy { $0.state == .pending && $0.dueAt == wish.sendAt && $0.attempts == 0 })
            let stored = try #require(try await WishesRepository(database: app.db).wish(wish.id))
            #expect(
                [stored.subject, stored.message, stored.localSendAt, stored.timeZone, stored.occasion.rawValue, stored.state.rawValue]
                    == [
                        "Happy birthday", "All the best!", wish.record.localSendAt, TimeZone(identifier: "UTC")!.identifier, "birthday",
                        "scheduled",
                    ])
            #expect(stored.sendAt == wish.sendAt && stored.$sender.id == UUID(uuidString: sender.customerId))
            let recipients = try await WishRecipientRecord.query(on: app.db).filter(\.$id.$wish.$id == wish.id).sort("position").all()
            #expect(recipients.map(\.recipient.reach) == [.emailAndInApp, .emailAndInApp] && stored.postsToConnections)
        }
    }

    @Test func aClaim_takesOnlyDueDeliveries_leasesThem_andMovesTheWishToSent() async throws {
        try await withKinetic { app in
            let sender = try await app.signUp()
            let soon = try await app.scheduleWish(from: sender, to: ["bob@example.com"], channels: [.email], inSeconds: 60)
            let later = try await app.scheduleWish(from: sender, to: ["bob@example.com"], channels: [.email], inSeconds: 3_600)
            let first = WishDeliveryQueue(database: app.db, owner: "first")
            let second = WishDeliveryQueue(database: app.db, owner: "second")
            #expect(try await first.claim(now: testNow, lease: 60, limit: 10).isEmpty)
            let claimed = try await first.claim(now: testNow.addingTimeInterval(120), lease: 60, limit: 10)
            #expect(claimed.map(\.$wish.id) == [soon.id])
            #expect(claimed.first?.attempts == 1)
            #expect(claimed.first?.leaseOwner == "first")
            #expect(try await second.claim(now: testNow.addingTimeInterval(150), lease: 60, limit: 10).isEmpty)
            #expect(try await WishesRepository(database: app.db).wish(soon.id)?.state == .sent)
            #expect(try await WishesRepository(database: app.db).wish(later.id)?.state == .scheduled)
        }
    }

    @Test func anExpiredLease_isRescued_andOnlyTheNewHolderMayFinish() async throws {
        try await withKinetic { app in
            let sender = try await app.signUp()
            let wish = try await app.scheduleWish(from: sender, to: ["bob@example.com"], channels: [.email], inSeconds: 60)
            let crashed = WishDeliveryQueue(database: app.db, owner: "crashed")
            let rescuer = WishDeliveryQueue(database: app.db, owner: "rescuer")
            let taken = try #require(try await crashed.claim(now: testNow.addingTimeInterval(60), lease: 30, limit: 10).first)
            #expect(try await rescuer.claim(now: testNow.addingTimeInterval(80), lease: 30, limit: 10).isEmpty)
            let rescued = try #require(try await rescuer.claim(now: testNow.addingTimeInterval(100), lease: 30, limit: 10).first)
            #expect(rescued.id == taken.id)
            #expect(rescued.attempts == 2)
            #expect(try await crashed.delivered(try taken.requireID(), externalID: "x", now: testNow.addingTimeInterval(101)) == false)
            #expect(try await rescuer.retry(try rescued.requireID(), at: testNow.addingTimeInterval(200), reason: "451 busy"))
            let stored = try #require(try await WishesRepository(database: app.db).deliveries(of: wish.id).first)
            #expect(stored.state == .pending)
            #expect(stored.dueAt == testNow.addingTimeInterval(200))
            #expect(stored.lastError == "451 busy")
            #expect(stored.leaseOwner == nil)
        }
    }

    @Test func inApp_reachesTheInboxOnce_evenWhenTwoInstancesDeliverTheSameDelivery() async throws {
        try await withKinetic { app in
            let sender = try await app.signUp(name: "Ann")
            let bob = try await app.signUp(name: "Bob", email: "bob@example.com")
            let wish = try await app.scheduleWish(
                from: sender, to: ["bob@example.com", "nobody@example.com"], channels: [.inApp], inSeconds: 60)
            let crashed = WishDeliveryQueue(database: app.db, owner: "crashed")
            let rescuer = WishDeliveryQueue(database: app.db, owner: "rescuer")
            let first = try await crashed.claim(now: testNow.addingTimeInterval(60), lease: 30, limit: 10)
            let second = try await rescuer.claim(now: testNow.addingTimeInterval(100), lease: 30, limit: 10)
            #expect(first.count == 2)
            #expect(second.count == 2)
            var outcomes: [InAppDelivery.Outcome] = []
            for delivery in second.sorted(by: { ($0.recipient ?? "") < ($1.recipient ?? "") }) {
                outcomes.append(
                    try await InAppDelivery(database: app.db, queue: rescuer).deliver(
                        delivery, of: wish.record, now: testNow.addingTimeInterval(101)))
            }
            #expect(outcomes == [.delivered, .waiting], "nobody@ waits for an owner who confirms it")
            let late = try #require(first.first { $0.recipient == "bob@example.com" })
            #expect(
                try await InAppDelivery(database: app.db, queue: crashed).deliver(
                    late, of: wish.record, now: testNow.addingTimeInterval(102))
                    == .leaseLost)
            let items = try await inbox(app)
            #expect(items.count == 1)
            #expect(items.first?.$recipient.id == UUID(uuidString: bob.customerId))
            #expect(items.first?.senderName == "Ann")
            let states = try await WishesRepository(database: app.db).deliveries(of: wish.id).map {
                "\($0.recipient ?? "") \($0.state.rawValue) \($0.lastError ?? "")"
            }
            #expect(states == ["bob@example.com delivered ", "nobody@example.com pending wishes.failure.waitingForOwner"])
        }
    }

    /// Whoever signs up with an address receives nothing sent to it until they confirm it; the
    /// wish waits for the owner (looking again hourly, at once on a confirmation), then fails
    /// after a week with a reason the sender can read. The sender's address shows only once
    /// the sender confirmed it.
    @Test func inApp_waitsForTheAddresssConfirmedOwner_andFailsAfterAWeek() async throws {
        try await withKinetic { app in
            let unconfirmedSender = try await app.signUp(name: "The CEO", email: "ceo@bigcorp.example", confirmed: false)
            let squatter = try await app.signUp(name: "Mallory", email: "boss@bigcorp.example", confirmed: false)
            let bob = try await app.signUp(name: "Bob", email: "bob@example.com")
            let toSquatter = try await app.scheduleWish(
                from: bob, to: ["boss@bigcorp.example", "gone@example.com"], channels: [.inApp], inSeconds: 60)
            let fromUnconfirmed = try await app.scheduleWish(
                from: unconfirmedSender, to: ["bob@example.com"], channels: [.inApp], inSeconds: 60)
            let queue = WishDeliveryQueue(database: app.db, owner: "test")
            let dispatcher = WishDispatcher(database: app.db, queue: queue)
            #expect(try await dispatcher.runOnce(now: testNow.addingTimeInterval(60)) == 3)
            let squatterInbox = try await inbox(app).filter { $0.$recipient.id == UUID(uuidString: squatter.customerId) }
            #expect(squatterInbox.isEmpty, "an unconfirmed account gets nothing sent to the address it claims")
            let bobsItem = try #require(try await inbox(app).first { $0.$recipient.id == UUID(uuidString: bob.customerId) })
            #expect(
                bobsItem.senderName == "The CEO" && bobsItem.senderEmail == "", "an unconfirmed sender's address is not shown as theirs")
            var states = try await WishesRepository(database: app.db).deliveries(of: toSquatter.id).map {
                "\($0.recipient ?? "") \($0.state.rawValue) \($0.attempts)"
            }
            #expect(states == ["boss@bigcorp.example pending 0", "gone@example.com pending 0"])

            // Nothing is due before the hour is up; the owner confirming wakes theirs at once.
            #expect(try await dispatcher.runOnce(now: testNow.addingTimeInterval(120)) == 0)
            try await app.confirmAddress(of: squatter)
            try await KineticModules.addressConfirmed("boss@bigcorp.example", on: app.db, now: testNow.addingTimeInterval(130))
            #expect(try await dispatcher.runOnce(now: testNow.addingTimeInterval(130)) == 1)
            #expect(try await inbox(app).contains { $0.$recipient.id == UUID(uuidString: squatter.customerId) })

            // After a week of hourly looks, the other one fails with the reason.
            var now = testNow.addingTimeInterval(130)
            for _ in 0..<200 {
                now = now.addingTimeInterval(InAppWait.recheck)
                _ = try await dispatcher.runOnce(now: now)
            }
            states = try await WishesRepository(database: app.db).deliveries(of: toSquatter.id).map {
                "\($0.recipient ?? "") \($0.state.rawValue) \($0.lastError ?? "")"
            }
            #expect(states == ["boss@bigcorp.example delivered ", "gone@example.com failed wishes.failure.noConfirmedAccount"])
            _ = fromUnconfirmed
        }
    }

    @Test func twoInstancesClaimingAtOnce_neverTakeTheSameDelivery() async throws {
        try await withKinetic { app in
            let sender = try await app.signUp()
            let recipients = (0..<20).map { "friend\($0)@example.com" }
            for _ in 0..<5 {
                _ = try await app.scheduleWish(from: sender, to: recipients, channels: [.email, .inApp], inSeconds: 60)
            }
            let database = app.db
            let claims = try await withThrowingTaskGroup(of: [UUID].self) { group in
                for owner in ["north", "south"] {
                    group.addTask {
                        let queue = WishDeliveryQueue(database: database, owner: owner)
                        var taken: [UUID] = []
                        while true {
                            let batch = try await queue.claim(now: testNow.addingTimeInterval(60), lease: 600, limit: 7)
                            if batch.isEmpty { return taken }
                            taken += batch.compactMap(\.id)
                        }
                    }
                }
                return try await group.reduce(into: [[UUID]]()) { $0.append($1) }
            }
            let all = claims.flatMap { $0 }
            #expect(all.count == 200)
            #expect(Set(all).count == 200)
        }
    }
}
