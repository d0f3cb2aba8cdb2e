import AsyncHTTPClient
import Fluent
import Foundation
import KineticCore
import KineticMail
import NIOCore
import Testing
import VaporTesting

@testable import App

@Suite struct WishDispatcherTests {
    private func states(_ app: Application, _ wish: ScheduledWish) async throws -> [String] {
        try await WishesRepository(database: app.db).deliveries(of: wish.id).map {
            "\($0.channel.rawValue) \($0.recipient ?? "-") \($0.state.rawValue)"
        }
    }

    @Test func aDueWish_goesOutOnEveryChannel_andEachRecipientGetsItsOwnOutcome() async throws {
        let smtp = try PeerProcess(
            "smtp_peer.py", ["--dir", FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-smtp-\(UUID())").path])
        let connectionsPeer = try PeerProcess("connections_peer.py")
        try await withKinetic { app in
            let sender = try await app.signUp(name: "Ann", email: "ann@example.com")
            _ = try await app.signUp(name: "Bob", email: "bob@example.com")
            let wish = try await app.scheduleWish(
                from: sender, to: ["bob@example.com", "refuse-eve@example.com", "later-kim@example.com"],
                channels: [.email, .connections, .inApp],
                subject: "Alles Gute, Bob", message: "All the best!\n\n.Cheers")
            let dispatcher = WishDispatcher(
                database: app.db, queue: WishDeliveryQueue(database: app.db, owner: "test"),
                mail: .init(
                    transport: .smtp(.patient(SMTPSettings(host: "127.0.0.1", port: smtp.port))),
                    from: MailAddress("wishes@kinetic.test"),
                    publicURL: "https://kinetic.test", catalog: app.stringCatalog),
                connections: .live(
                    settings: try ConnectionsSettings(url: "http://127.0.0.1:\(connectionsPeer.port)", token: "ann:pw"), http: .shared),
                random: { 0.5 })
            #expect(try await dispatcher.runOnce(now: testNow) == 0)
            #expect(try await dispatcher.runOnce(now: testNow.addingTimeInterval(300)) == 7)
            #expect(
                try await states(app, wish) == [
                    "connections - delivered",
                    "email bob@example.com delivered", "email later-kim@example.com pending", "email refuse-eve@example.com failed",
                    "in-app bob@example.com delivered", "in-app later-kim@example.com pending", "in-app refuse-eve@example.com pending",
                ])
            let deliveries = try await WishesRepository(database: app.db).deliveries(of: wish.id)
            let later = try #require(deliveries.first { $0.recipient == "later-kim@example.com" && $0.channel == .email })
            #expect(later.dueAt == testNow.addingTimeInterval(300 + 30))
            // Said in plain words; the server's own (451 4.2.0 Mailbox busy) go to the log.
            #expect(later.lastError == DeliveryFailure.recipientServerLater.rawValue)
            let bob = try #require(deliveries.first { $0.recipient == "bob@example.com" && $0.channel == .email })
            #expect(bob.externalID == "<delivery-\(try bob.requireID().uuidString.lowercased())@kinetic.test>")
            #expect(try await WishesRepository(database: app.db).wish(wish.id)?.state == .sent)

            // The busy mailbox is tried again when its time comes, with the same Message-ID.
            #expect(try await dispatcher.runOnce(now: testNow.addingTimeInterval(329)) == 0)
            #expect(try await dispatcher.runOnce(now: testNow.addingTimeInterval(330)) == 1)
            #expect(try await WishesRepository(database: app.db).deliveries(of: wish.id).first { $0.id == later.id }?.attempts == 2)
        }
    }

    @Test func aChannelWithoutSettings_failsItsDeliveriesWithTheReason() async throws {
        try await withKinetic { app in
            let sender = try await app.signUp()
            let wish = try await app.scheduleWish(from: sender, to: ["bob@example.com"], channels: [.email, .connections])
            let dispatcher = WishDispatcher(database: app.db, queue: WishDeliveryQueue(database: app.db, owner: "test"))
            #expect(try await dispatcher.runOnce(now: testNow.addingTimeInterval(300)) == 2)
            let reasons = try await WishesRepository(database: app.db).deliveries(of: wish.id).map {
                "\($0.state.rawValue): \($0.lastError ?? "")"
            }
            #expect(reasons == ["failed: wishes.failure.connectionsUnavailable", "failed: wishes.failure.emailUnavailable"])
        }
    }

    /// While the mail server cannot be reached, the sender reads why in plain words and when
    /// Kinetic tries again, never the library's error (its host, port, errno); a wish that fails
    /// for good is logged with the wish, the recipient and the reason.
    @Test func aMailServerDown_isSaidInPlainWords_withTheNextTry_andAFinalFailureIsLogged() async throws {
        // A port where connections are refused at once.
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = refusing.port
        try await withKinetic { app in
            let (web, sender) = try await app.signedInWebClient()
            let lena: [String: Any] = ["name": "Lena Fischer", "email": "lena@outside.example"]
            #expect(try await app.json(.POST, "/api/v1/wishes/contacts", body: lena, token: sender.token).status == .created)
            let wish = try await app.scheduleWish(from: sender, to: ["lena@outside.example"], channels: [.email])
            let log = CapturedLog()
            var queue = WishDeliveryQueue(database: app.db, owner: "test")
            queue.logger = log.logger
            var dispatcher = WishDispatcher(
                database: app.db, queue: queue,
                mail: WishDispatcher.Mail(
                    transport: .smtp(.patient(SMTPSettings(host: "127.0.0.1", port: port, security: .plain))),
                    from: MailAddress("wishes@kinetic.test"), publicURL: "http://kinetic.test", catalog: app.stringCatalog),
                random: { 0.5 })
            dispatcher.policy = DeliveryRetryPolicy(maximumAttempts: 2, firstDelay: 600, longestDelay: 600, jitter: 0)
            #expect(try await dispatcher.runOnce(now: testNow.addingTimeInterval(300)) == 1)

            let answer = try await app.json(.GET, "/api/v1/wishes/\(wish.id)", token: sender.token).jsonObject()
            let recipient = try #require((answer["to"] as? [[String: Any]])?.first)
            #expect(recipient["outcome"] as? String == "waiting")
            #expect(recipient["name"] as? String == "Lena Fischer", "named as the sender knows her")
            #expect(recipient["reason"] as? String == "The mail server did not answer")
            #expect(recipient["nextTryAt"] as? String == testNow.addingTimeInterval(900).formatted(.iso8601))
            let page = try await web.get("/wishes/\(wish.id)").body.string
            #expect(page.contains("The mail server did not answer. Kinetic tries again on Jan 15, 2027 at 8:15"))
            // Not "Sent" while she waits, and she is named.
            #expect(page.contains("<dt>Sending since</dt>") && page.contains("1 waiting") && !page.contains("<dt>Sent</dt>"))
            #expect(page.contains("Lena Fischer"))
            let sent = try await web.get("/wishes/sent").body.string
            #expect(sent.contains("Lena Fischer") && !sent.contains("lena@outside.example"), "the list names her too")
            for leak in ["SMTP", "127.0.0.1", "errno", "\(port)", "Connection"] { #expect(!page.contains(leak), "\(leak)") }

            // The last try fails too: failed for good, and the log says which wish, to whom, and why.
            #expect(try await dispatcher.runOnce(now: testNow.addingTimeInterval(900)) == 1)
            _ = try await dispatcher.runOnce(now: testNow.addingTimeInterval(2_000))
            let states = try await WishesRepository(database: app.db).deliveries(of: wish.id).map {
                "\($0.state.rawValue) \($0.lastError ?? "")"
            }
            #expect(states == ["failed wishes.failure.mailServerUnreachable"])
            let failure = try #require(log.all.first { $0.level == .warning && $0.message == "A wish could not be delivered" })
            #expect(failure.metadata["wish"] == wish.id.uuidString && failure.metadata["recipient"] == "lena@outside.example")
            #expect(failure.metadata["reason"] == "wishes.failure.mailServerUnreachable")
            #expect(failure.metadata["detail"]?.contains("SMTP connection") == true, "the library's words are in the log")
            #expect(log.all.contains { $0.level == .notice && $0.metadata["retry_at"] != nil }, "each failed try is logged")
        }
    }
}
