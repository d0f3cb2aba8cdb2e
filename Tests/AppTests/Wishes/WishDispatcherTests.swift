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
                    transport: .smtp(SMTPClient(settings: SMTPSettings(host: "127.0.0.1", port: smtp.port))),
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
            #expect(later.lastError == "451 4.2.0 Mailbox busy, try again later")
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
}
