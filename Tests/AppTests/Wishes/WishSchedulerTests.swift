import Fluent
import Foundation
import KineticCore
import KineticMail
import SQLKit
import Testing
import VaporTesting

@testable import App

@Suite struct WishSchedulerTests {
    /// The scheduler reads and waits on the test's clock: nothing here sleeps in real time, and a
    /// scheduler that did would hang until the limit. The limit counts the app's start too, which
    /// under the whole suite (every test starting an app at once on two cores) took 50 s.
    @Test(.timeLimit(.minutes(10))) func theScheduler_sendsAWishWhenTheClockReachesItsTime_andNotBefore() async throws {
        try await withMailingKinetic(pollInterval: 1) { app, clock, mailbox in
            let sender = try await app.signUp(name: "Ann", email: "ann@example.com")
            let bob = try await app.signUp(name: "Bob", email: "bob@example.com")
            // Due at 08:00, five seconds after the clock's 07:59:55.
            let wish = try await app.scheduleWish(
                from: sender, to: ["bob@example.com"], channels: [.email, .inApp], inSeconds: 0, photo: "stock:birthday-2")
            await app.startWishScheduler()
            // Its first round found nothing due and it waits for the poll interval to pass.
            await clock.untilSleeps(reach: 1)
            let repository = WishesRepository(database: app.db)
            #expect(try await repository.deliveries(of: wish.id).allSatisfy { $0.state == .pending })
            // At 07:59:59 it wakes, finds the wish not due yet, and waits again.
            clock.advance(by: 4)
            await clock.untilSleeps(reach: 2)
            #expect(try await repository.deliveries(of: wish.id).allSatisfy { $0.state == .pending })

            // At 08:00 it wakes, sends, and waits again.
            clock.advance(by: 1)
            await clock.untilSleeps(reach: 3)
            #expect(try await repository.deliveries(of: wish.id).allSatisfy { $0.state == .delivered })
            let inbox = try await app.db.sql().select().column("recipient_id").from(InboxWishRecord.schema).where(
                "wish_id", .equal, wish.id
            ).all()
            #expect(try inbox.map { try $0.decode(column: "recipient_id", as: UUID.self).uuidString } == [bob.customerId.uppercased()])
            let log = try String(contentsOf: mailbox.appendingPathComponent("messages.jsonl"), encoding: .utf8)
            #expect(log.contains("\"<card-birthday-2@kinetic>\""))
            let card = try #require(try await app.media.data(MediaKey("wishes/cards/birthday-2.png"), maximumBytes: 1 << 20))
            #expect(card.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            let width = card[16..<20].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == WishImages.cardWidth)
        }
    }

    /// A server stopping while the mail server takes a wish waits for its answer: the wish is
    /// delivered once, not cut off and sent again (it was, as "SMTP connection: CancellationError()").
    @Test(.timeLimit(.minutes(10))) func stoppingMidSend_letsTheRoundFinish_andTheWishIsDeliveredOnce() async throws {
        try await withMailingKinetic(pollInterval: 60, peer: ["--data-delay", "2"]) { app, clock, mailbox in
            // The peer holds the message for two seconds before it answers.
            let (scheduler, deliveries) = try await schedulerSendingAWish(app, clock, stopGrace: WishScheduler.stopGrace)
            await scheduler.stop()
            #expect(try await deliveries() == [.delivered])
            let log = try String(contentsOf: mailbox.appendingPathComponent("messages.jsonl"), encoding: .utf8)
            #expect(log.split(separator: "\n").count == 1)
        }
    }

    /// A round the mail server holds longer than the stop's grace is cut off, and the wish is
    /// left to be sent again, not stuck as being sent.
    @Test(.timeLimit(.minutes(10))) func aRoundLongerThanTheStopsGrace_isCutOff_andTheWishWaitsToBeSentAgain() async throws {
        try await withMailingKinetic(pollInterval: 60, peer: ["--data-delay", "6"]) { app, clock, _ in
            // The peer would hold the message for six seconds: the stop waits half a second.
            let (scheduler, deliveries) = try await schedulerSendingAWish(app, clock, stopGrace: .milliseconds(500))
            let stopping = ContinuousClock.now
            await scheduler.stop()
            #expect(ContinuousClock.now - stopping < .seconds(3))
            #expect(try await deliveries() == [.pending])
        }
    }

    /// A scheduler started on one e-mailed wish, returned once the wish is being sent, with a
    /// reader of its deliveries' states.
    private func schedulerSendingAWish(
        _ app: Application, _ clock: TestClock, stopGrace: Duration
    ) async throws -> (WishScheduler, () async throws -> [DeliveryState]) {
        let sender = try await app.signUp(name: "Ann", email: "ann@example.com")
        let wish = try await app.scheduleWish(from: sender, to: ["friend@example.org"], channels: [.email], inSeconds: 0)
        clock.advance(by: 5)
        let scheduler = WishScheduler(
            dispatcher: app.makeWishDispatcher(), clock: app.kineticConfiguration.clock, pollInterval: 60, stopGrace: stopGrace,
            logger: app.logger)
        scheduler.start()
        let repository = WishesRepository(database: app.db)
        let deliveries = { try await repository.deliveries(of: wish.id).map(\.state) }
        while try await deliveries().first != .sending {
            try await Task.sleep(for: .milliseconds(20))
        }
        return (scheduler, deliveries)
    }

    /// An app on a test clock at 07:59:55 whose e-mail goes to the SMTP peer (started with
    /// `peer`'s options), recording into `mailbox`. It starts no job workers (wishes use none):
    /// their waits on the clock would count among the scheduler's.
    private func withMailingKinetic(
        pollInterval: TimeInterval, peer: [String] = [], _ body: (Application, TestClock, URL) async throws -> Void
    ) async throws {
        let clock = TestClock(testNow.addingTimeInterval(-5))
        let mailbox = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-smtp-\(UUID())")
        let smtp = try PeerProcess("smtp_peer.py", ["--dir", mailbox.path] + peer)
        try await withKinetic(
            clock: clock, startsJobWorkers: false,
            adjust: {
                $0.wishDelivery.pollInterval = pollInterval
                $0.mail.smtp = SMTPSettings(host: "127.0.0.1", port: smtp.port, security: .plain)
                $0.mail.from = MailAddress("wishes@kinetic.test")
            }
        ) { app in try await body(app, clock, mailbox) }
    }
}
