import Foundation
import Testing

@testable import App

/// Delivery with real server processes: one killed with SIGKILL in the middle of a burst, and two
/// sharing one PostgreSQL. Each schedules 100 wishes due now, each to a Kinetic account by e-mail
/// and in-app: 200 deliveries. Their servers take the machine's cores, so they run on their own
/// (`KINETIC_PROCESS_TESTS=1`, a step of `scripts/test`), not beside the parallel suite.
@Suite(.serialized, .enabled(if: ServerProcess.testsEnabled, "set KINETIC_PROCESS_TESTS=1 (scripts/test does)"))
struct WishServerProcessTests {
    private static let wishCount = 100

    private struct Burst {
        let sender: String
        let recipient: String
        let recipientEmail: String
    }

    private func environment(smtp: PeerProcess, database: String?, poll: String) -> [String: String] {
        [
            "KINETIC_SMTP_URL": "smtp://127.0.0.1:\(smtp.port)?starttls=never", "KINETIC_MAIL_FROM": "wishes@kinetic.test",
            "KINETIC_PUBLIC_URL": "http://127.0.0.1",
            "KINETIC_WISH_POLL_SECONDS": poll, "KINETIC_WISH_LEASE_SECONDS": "5", "KINETIC_BCRYPT_COST": "4",
            "KINETIC_SIGNUP_BURST_PER_ADDRESS": "1000", "DATABASE_URL": database ?? "", "LOG_LEVEL": "warning",
            // The burst is a test of delivery, not of the sending limits.
            "KINETIC_MAIL_PER_HOUR": "100000", "KINETIC_MAIL_PER_DAY": "100000", "KINETIC_MAIL_FIRST_DAY": "100000",
        ]
    }

    /// Two accounts, each confirming its address with the link the SMTP peer received, and 100
    /// wishes from one to the other, due this minute, on a server that does not look for due
    /// ones meanwhile (it polls hourly).
    private func scheduleBurst(on server: ServerProcess, mailbox: URL) async throws -> Burst {
        var tokens: [String] = []
        let recipientEmail = "recipient-\(UUID().uuidString.prefix(8).lowercased())@kinetic.test"
        for (name, email) in [("Ann", "sender-\(UUID().uuidString.prefix(8).lowercased())@kinetic.test"), ("Bob", recipientEmail)] {
            let (status, body) = try await server.request(
                .POST, "/api/v1/accounts", body: ["name": name, "email": email, "password": "long-enough-pw"])
            try #require(status == 201, "sign-up: \(status)")
            tokens.append(try #require((body as? [String: Any])?["token"] as? String))
            let token = try #require(confirmationToken(for: email, in: mailbox))
            let (confirmed, _) = try await server.request(.POST, "/api/v1/address/confirmations", body: ["token": token])
            try #require(confirmed == 200, "confirmation: \(confirmed)")
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let now = formatter.string(from: Date())
        for index in 0..<Self.wishCount {
            let (status, _) = try await server.request(
                .POST, "/api/v1/wishes",
                body: [
                    "occasion": "birthday", "subject": "Burst \(index)", "message": "Happy birthday!", "recipients": [recipientEmail],
                    "sendAt": now, "timeZone": "UTC", "channels": ["email", "in-app"],
                ], token: tokens[0])
            try #require(status == 201, "wish \(index): \(status)")
        }
        return Burst(sender: tokens[0], recipient: tokens[1], recipientEmail: recipientEmail)
    }

    /// Every delivery's state, read from the sender's lists.
    private func deliveryStates(_ server: ServerProcess, _ burst: Burst) async throws -> [String] {
        var states: [String] = []
        for box in ["scheduled", "sent"] {
            var cursor: String?
            repeat {
                let (_, body) = try await server.request(
                    .GET, "/api/v1/wishes?box=\(box)" + (cursor.map { "&cursor=\($0)" } ?? ""), token: burst.sender)
                let page = body as? [String: Any] ?? [:]
                for item in page["items"] as? [[String: Any]] ?? [] {
                    states += (item["deliveries"] as? [[String: Any]] ?? []).compactMap { $0["state"] as? String }
                }
                cursor = page["nextCursor"] as? String
            } while cursor != nil
        }
        return states
    }

    private func waitUntilAllDelivered(_ server: ServerProcess, _ burst: Burst, within seconds: Double = 180) async throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var states: [String] = []
        while Date() < deadline {
            states = try await deliveryStates(server, burst)
            if states.count == 2 * Self.wishCount, states.allSatisfy({ $0 == "delivered" || $0 == "failed" }) { break }
            try await Task.sleep(nanoseconds: 500_000_000)
        }
        return states
    }

    /// What the SMTP peer received, one object per message, in order.
    private func received(_ mailbox: URL) -> [[String: Any]] {
        let text = (try? String(contentsOf: mailbox.appendingPathComponent("messages.jsonl"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The Message-IDs the SMTP peer received, in order, but for the accounts' own e-mails
    /// (the links that confirm their addresses).
    private func receivedMessageIDs(_ mailbox: URL) -> [String] {
        received(mailbox).compactMap { $0["message_id"] as? String }.filter { !$0.hasPrefix("<account-") }
    }

    /// The token of the last address confirmation link e-mailed to `address`.
    private func confirmationToken(for address: String, in mailbox: URL) -> String? {
        let text = received(mailbox).last { ($0["rcpt_tos"] as? [String])?.contains(address) == true }?["text"] as? String
        return text?.split(whereSeparator: \.isWhitespace).first { $0.contains("/address/") }.flatMap { $0.split(separator: "/").last }.map(
            String.init)
    }

    private func inboxCount(_ server: ServerProcess, _ burst: Burst) async throws -> Int? {
        let (_, body) = try await server.request(.GET, "/api/v1/wishes/counts", token: burst.recipient)
        return (body as? [String: Any])?["inbox"] as? Int
    }

    /// A server on `directory` that looks for due deliveries every `poll` seconds.
    private func server(on directory: URL, smtp: PeerProcess, database: String?, poll: String) async throws -> ServerProcess {
        try await ServerProcess(dataDirectory: directory, environment: environment(smtp: smtp, database: database, poll: poll))
    }

    /// A burst scheduled on a server that delivers nothing yet (it looks once an hour), stopped after.
    private func burstScheduledQuietly(on directory: URL, smtp: PeerProcess, database: String?, mailbox: URL) async throws -> Burst {
        let quiet = try await server(on: directory, smtp: smtp, database: database, poll: "3600")
        defer { quiet.stop() }
        return try await scheduleBurst(on: quiet, mailbox: mailbox)
    }

    @Test func aServerKilledMidBurst_afterARestart_hasDeliveredEveryInAppWishOnce_andEveryEmailUnderItsOwnMessageID() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-crash-\(UUID())")
        let mailbox = directory.appendingPathComponent("mail")
        try FileManager.default.createDirectory(at: mailbox, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A slow mail server (50 ms a message), so the kill lands mid-session.
        let smtp = try PeerProcess("smtp_peer.py", ["--dir", mailbox.path, "--data-delay", "0.05"])
        try await TestDatabase.withFresh { database in
            let burst = try await burstScheduledQuietly(on: directory, smtp: smtp, database: database, mailbox: mailbox)

            let doomed = try await server(on: directory, smtp: smtp, database: database, poll: "0.2")
            let deadline = Date().addingTimeInterval(120)
            while receivedMessageIDs(mailbox).count < 30, Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
            doomed.kill9()
            let beforeRestart = receivedMessageIDs(mailbox).count
            #expect(beforeRestart >= 30 && beforeRestart < Self.wishCount, "killed mid-burst: \(beforeRestart) e-mails were out")

            let restarted = try await server(on: directory, smtp: smtp, database: database, poll: "0.2")
            defer { restarted.stop() }
            let states = try await waitUntilAllDelivered(restarted, burst)
            #expect(states.count == 2 * Self.wishCount)
            #expect(states.allSatisfy { $0 == "delivered" }, "nothing lost: \(Dictionary(grouping: states, by: { $0 }).mapValues(\.count))")
            #expect(try await inboxCount(restarted, burst) == Self.wishCount, "every in-app wish exactly once")
            let ids = receivedMessageIDs(mailbox)
            print("kill -9 test: \(beforeRestart) e-mails out before the kill; \(ids.count) received for \(Set(ids).count) deliveries")
            #expect(Set(ids).count == Self.wishCount, "one Message-ID per e-mail delivery, however often it was sent")
            #expect(ids.count >= Self.wishCount)
            #expect(ids.allSatisfy { $0.hasPrefix("<delivery-") && $0.hasSuffix("@kinetic.test>") })
        }
    }

    @Test(.enabled(if: TestDatabase.postgresURL != nil, "needs PostgreSQL"))
    func twoServersOnOnePostgreSQL_makeEachDeliveryOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-pair-\(UUID())")
        let mailbox = directory.appendingPathComponent("mail")
        try FileManager.default.createDirectory(at: mailbox, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let smtp = try PeerProcess("smtp_peer.py", ["--dir", mailbox.path])
        try await TestDatabase.withFresh { database in
            let burst = try await burstScheduledQuietly(on: directory, smtp: smtp, database: database, mailbox: mailbox)
            let first = try await server(on: directory, smtp: smtp, database: database, poll: "0.1")
            let second = try await server(on: directory, smtp: smtp, database: database, poll: "0.1")
            defer {
                first.stop()
                second.stop()
            }
            let states = try await waitUntilAllDelivered(first, burst)
            #expect(states.count == 2 * Self.wishCount && states.allSatisfy { $0 == "delivered" })
            #expect(try await inboxCount(second, burst) == Self.wishCount)
            let ids = receivedMessageIDs(mailbox)
            #expect(
                ids.count == Self.wishCount && Set(ids).count == Self.wishCount,
                "each e-mail sent once: \(ids.count) messages, \(Set(ids).count) distinct")
        }
    }
}
