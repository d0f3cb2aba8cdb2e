import AsyncHTTPClient
import Fluent
import Foundation
import KineticAPI
import KineticCore
import KineticMail
import NIOCore
import Testing
import VaporTesting

@testable import App

/// What keeps wishes by e-mail and on Connections from being a relay under the operator's
/// name: the sender named and replied to, a footer with the way out, an opt-out the server
/// honours, sending limits when scheduling and when sending, and Connections posts that name
/// the sender, carry no HTML and no addresses. Against a real SMTP peer and Connections peer.
@Suite struct WishMailSafetyTests {
    private func dispatcher(
        _ app: Application, _ mailbox: Mailbox, limits: SendingLimits = SendingLimits(), connections: PeerProcess? = nil
    ) throws -> WishDispatcher {
        var mail = WishDispatcher.Mail(
            transport: .smtp(.patient(SMTPSettings(host: "127.0.0.1", port: mailbox.peer.port, security: .plain))),
            from: MailAddress("wishes@kinetic.test"), publicURL: "http://kinetic.test", catalog: app.stringCatalog
        )
        mail.abuseAddress = "abuse@kinetic.test"
        mail.limits = limits
        return WishDispatcher(
            database: app.db, queue: WishDeliveryQueue(database: app.db, owner: "test"), mail: mail,
            connections: try connections.map {
                ConnectionsClient.live(
                    settings: try ConnectionsSettings(url: "http://127.0.0.1:\($0.port)", token: "service:pw"), http: .shared)
            },
            random: { 0.5 }
        )
    }

    @Test func theEmail_namesItsSender_repliesToThem_andCarriesTheWayOut() async throws {
        let mailbox = try Mailbox()
        try await withKinetic(adjust: mailbox.configure) { app in
            let ann = try await app.signUp(name: "PayPal Security Team", email: "ann@example.com")
            _ = try await app.scheduleWish(from: ann, to: ["friend@outside.example"], channels: [.email], inSeconds: 60)
            #expect(try await dispatcher(app, mailbox).runOnce(now: testNow.addingTimeInterval(60)) == 1)
            let message = try #require(try mailbox.messages(to: "friend@outside.example").first)
            #expect(message.headers["From"] == "PayPal Security Team via Kinetic <wishes@kinetic.test>")
            #expect(message.headers["Reply-To"] == "PayPal Security Team <ann@example.com>")
            let unsubscribe = try #require(message.headers["List-Unsubscribe"])
            #expect(unsubscribe.hasPrefix("<http://kinetic.test/mail/stop/"))
            #expect(message.headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click")
            let text = try #require(message.text)
            #expect(text.contains("PayPal Security Team (ann@example.com) sent you this greeting through Kinetic, http://kinetic.test."))
            #expect(text.contains("Report abuse to abuse@kinetic.test."))
            #expect(text.contains("No more e-mail from Kinetic to this address: http://kinetic.test/mail/stop/"))
        }
    }

    /// The HTML part is laid out for a phone and says what it is without its images: who it is
    /// from, the subject as headline, the card described, a button that answers the sender;
    /// what the sender wrote is escaped wherever it goes.
    @Test func theEmailsHTML_isSizedForAPhone_headedByItsSubject_andAnswersTheSender() async throws {
        let mailbox = try Mailbox()
        try await withKinetic(adjust: mailbox.configure) { app in
            // A `#` is allowed in an address, and in a link it would start a fragment.
            let ann = try await app.signUp(name: "Ann <b>Müller</b>", email: "ann#1@example.com")
            _ = try await app.scheduleWish(
                from: ann, to: ["friend@outside.example"], channels: [.email], inSeconds: 60, subject: "Für dich & <i>Carla</i>",
                message: "Line one\nline two\n\n<script>alert(1)</script>", photo: "stock:birthday-2")
            // The server's own dispatcher, which draws the card.
            #expect(try await app.makeWishDispatcher().runOnce(now: testNow.addingTimeInterval(60)) == 1)
            let message = try #require(try mailbox.messages(to: "friend@outside.example").first)
            let html = try #require(message.html)
            #expect(html.hasPrefix("<!doctype html>") && html.contains("<html lang=\"en\"><head>"))
            #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\""))
            #expect(html.contains("<title>Für dich &amp; &lt;i&gt;Carla&lt;/i&gt;</title>"))
            #expect(html.contains("A wish from Ann &lt;b&gt;Müller&lt;/b&gt;"))
            #expect(html.contains(">Für dich &amp; &lt;i&gt;Carla&lt;/i&gt;</h1>"))
            #expect(html.contains("alt=\"Birthday card\""))
            #expect(html.contains("Line one<br/>line two") || html.contains("Line one<br>line two"))
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !html.contains("<script"))
            #expect(html.contains("href=\"mailto:ann%231@example.com?subject=Re%3A%20F%C3%BCr%20dich%20%26%20%3Ci%3ECarla%3C%2Fi%3E\""))
            #expect(html.contains(">Reply to Ann &lt;b&gt;Müller&lt;/b&gt;</a>"))
            #expect(html.contains("<a href=\"http://kinetic.test/mail/stop/"))
        }
    }

    /// One click (a mail client's POST, no session, no CSRF token) stops e-mail to the address;
    /// later wishes to it fail with that reason, others go on.
    @Test func theOptOut_isOneClick_andHonoured() async throws {
        let mailbox = try Mailbox()
        try await withKinetic(adjust: mailbox.configure) { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            _ = try await app.scheduleWish(from: ann, to: ["friend@outside.example"], channels: [.email], inSeconds: 60)
            let dispatcher = try dispatcher(app, mailbox)
            _ = try await dispatcher.runOnce(now: testNow.addingTimeInterval(60))
            let link = try #require(try await mailbox.lastToken(to: "friend@outside.example", after: "/mail/stop/"))
            let page = try await app.testing().sendRequest(.GET, "/mail/stop/\(link)")
            #expect(page.status == .ok && page.body.string.contains("friend@outside.example"))
            var headers = HTTPHeaders()
            headers.contentType = .urlEncodedForm
            let oneClick = try await app.testing().sendRequest(
                .POST, "/mail/stop/\(link)", headers: headers, body: ByteBuffer(string: "List-Unsubscribe=One-Click"))
            #expect(oneClick.status == .ok)
            #expect(
                try await app.testing().sendRequest(
                    .POST, "/mail/stop/not-a-token", headers: headers, body: ByteBuffer(string: "List-Unsubscribe=One-Click")
                ).status == .notFound)

            let later = try await app.scheduleWish(
                from: ann, to: ["friend@outside.example", "other@outside.example"], channels: [.email], inSeconds: 120)
            _ = try await dispatcher.runOnce(now: testNow.addingTimeInterval(120))
            let states = try await WishesRepository(database: app.db).deliveries(of: later.id).map {
                "\($0.recipient ?? "") \($0.state.rawValue) \($0.lastError ?? "")"
            }
            #expect(states == ["friend@outside.example failed wishes.failure.optedOut", "other@outside.example delivered "])
            #expect(try mailbox.messages(to: "friend@outside.example").count == 1)
        }
    }

    /// The limits count what goes out when it goes: a new account prepares wishes for next
    /// month past its first day's limit, which holds for what goes out that first day.
    @Test func schedulingOverTheLimits_is422NamingTheFirstTimeWithRoom_andCountsBySendTime() async throws {
        let mailbox = try Mailbox()
        try await withKinetic(
            adjust: {
                mailbox.configure(&$0)
                $0.wishDelivery.limits = SendingLimits(perHour: 3, perDay: 4, firstDay: 2)
            }
        ) { app in
            let fresh = try await app.signUp(name: "New", email: "new@example.com")
            let schedule = { (recipients: [String], sendAt: String) in
                let body: [String: Any] = [
                    "occasion": "birthday", "subject": "Hi", "message": "All the best", "recipients": recipients, "sendAt": sendAt,
                ]
                return try await app.json(.POST, "/api/v1/wishes", body: body, token: fresh.token)
            }
            // The times as written, but for the narrow space before AM.
            let reason = { (response: TestingHTTPResponse) in
                try response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties["reach"]?
                    .replacingOccurrences(of: "\u{202F}", with: " ")
            }
            // Its first day (the account was made Jan 15, 2027 at 8:00): two, then no more.
            let threeToday = try await schedule(["a@outside.example", "b@outside.example", "c@outside.example"], "2027-01-15T10:00")
            #expect(threeToday.status == .unprocessableEntity)
            #expect(
                try reason(threeToday)
                    == "In a new account’s first day at most 2 of its e-mails go out, and that is full. The first time with room for these is Jan 16, 2027 at 8:00 AM."
            )
            #expect(try await schedule(["a@outside.example", "b@outside.example"], "2027-01-15T10:00").status == .created)
            let thirdToday = try await schedule(["c@outside.example"], "2027-01-15T20:00")
            #expect(try reason(thirdToday)?.hasSuffix("The first time with room for these is Jan 16, 2027 at 8:00 AM.") == true)
            // Next month's wishes are counted in next month's days: four on a day, not five.
            #expect(try await schedule(["c@outside.example", "d@outside.example"], "2027-02-14T09:00").status == .created)
            let evening = try await schedule(["e@outside.example", "f@outside.example"], "2027-02-14T18:00")
            #expect(evening.status == .created)
            let fifth = try await schedule(["g@outside.example"], "2027-02-14T19:00")
            #expect(
                try reason(fifth)
                    == "At most 4 of your e-mails go out in a day, and the day of this time is full. The first time with room for these is Feb 15, 2027 at 9:00 AM."
            )
            #expect(try await schedule(["g@outside.example"], "2027-02-15T09:00").status == .created)
            // More than an hour allows, in one wish, never fits.
            let four = try await schedule(
                ["h@outside.example", "i@outside.example", "j@outside.example", "k@outside.example"], "2027-03-01T09:00")
            #expect(try reason(four) == "At most 3 of your e-mails go out in an hour: choose fewer recipients.")
            // A wish taken back takes no room: the evening's deleted, the day has room again.
            let eveningID = try evening.decoded(as: Components.Schemas.Wish.self).id
            #expect(try await app.json(.DELETE, "/api/v1/wishes/\(eveningID)", token: fresh.token).status == .noContent)
            #expect(try await schedule(["g@outside.example"], "2027-02-14T19:00").status == .created)
        }
    }

    /// Parallel requests of one sender cannot each pass a limit that only some of them fit
    /// under: the limit is checked again where the wish is recorded, the sender held.
    @Test func parallelSchedulings_passTheLimitsOneAfterAnother() async throws {
        let mailbox = try Mailbox()
        try await withKinetic(adjust: {
            mailbox.configure(&$0)
            $0.wishDelivery.limits = SendingLimits(perHour: 3, perDay: 4, firstDay: 2)
        }) { app in
            let fresh = try await app.signUp(name: "New", email: "new@example.com")
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        // In the account's first day: two at most.
                        let body: [String: Any] = [
                            "occasion": "birthday", "subject": "Hi", "message": "All the best",
                            "recipients": ["friend\(index)@outside.example"], "sendAt": "2027-01-15T12:00",
                        ]
                        return try await app.json(.POST, "/api/v1/wishes", body: body, token: fresh.token).status
                    }
                }
                return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 2, "\(statuses)")
            #expect(statuses.filter { $0 == .unprocessableEntity }.count == 4, "\(statuses)")
            let emails = try await WishDeliveryRecord.query(on: app.db).filter(\.$channel == .email).count()
            #expect(emails == 2)
        }
    }

    /// What passed when scheduled still waits at delivery when the sender's recent e-mails
    /// fill the window (wishes scheduled long ago for the same hour): deferred, never failed.
    @Test func sendingOverTheLimits_waitsForRoom() async throws {
        let mailbox = try Mailbox()
        try await withKinetic(adjust: mailbox.configure) { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let wish = try await app.scheduleWish(
                from: ann, to: ["a@outside.example", "b@outside.example", "c@outside.example"], channels: [.email], inSeconds: 60)
            let dispatcher = try dispatcher(app, mailbox, limits: SendingLimits(perHour: 2, perDay: 10, firstDay: 10))
            #expect(try await dispatcher.runOnce(now: testNow.addingTimeInterval(60)) == 3)
            var states = try await WishesRepository(database: app.db).deliveries(of: wish.id).map {
                "\($0.state.rawValue) \($0.lastError ?? "")"
            }
            #expect(
                states.sorted() == ["delivered ", "delivered ", "pending wishes.failure.limitWait"], "which one waits is the claim's order")
            #expect(try await dispatcher.runOnce(now: testNow.addingTimeInterval(60 + 3599)) == 0)
            #expect(try await dispatcher.runOnce(now: testNow.addingTimeInterval(60 + 3600)) == 1)
            states = try await WishesRepository(database: app.db).deliveries(of: wish.id).map { "\($0.state.rawValue) \($0.attempts)" }
            #expect(states == ["delivered 1", "delivered 1", "delivered 1"])
            #expect(try mailbox.messages().filter { $0.rcpt_tos.allSatisfy { $0.hasSuffix("@outside.example") } }.count == 3)
        }
    }

    @Test func connectionsPosts_nameTheSender_withoutHTMLOrAddresses() async throws {
        let mailbox = try Mailbox()
        let connections = try PeerProcess("connections_peer.py")
        try await withKinetic(adjust: mailbox.configure) { app in
            let ann = try await app.signUp(name: "Ann <b>Example</b>", email: "ann@example.com")
            _ = try await app.scheduleWish(
                from: ann, to: ["bob@example.com", "victim@outside.example"], reach: .inApp, connections: true, inSeconds: 60,
                subject: "<img src=x onerror=alert(1)> Hi", message: "Happy birthday!")
            // The post, and an in-app delivery to each recipient.
            #expect(try await dispatcher(app, mailbox, connections: connections).runOnce(now: testNow.addingTimeInterval(60)) == 3)
            let response = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(connections.port)/__requests"), timeout: .seconds(5))
            let posts = try JSONDecoder().decode(
                [[String: String?]].self, from: Data(buffer: try await response.body.collect(upTo: 1 << 20)))
            let content = try #require(posts.first?["content"] ?? nil)
            #expect(content == "&lt;img src=x onerror=alert(1)&gt; Hi\n\nHappy birthday!\n\n— Ann &lt;b&gt;Example&lt;/b&gt; (via Kinetic)")
            #expect(!content.contains("@"))
        }
    }

    /// An account that has not confirmed its address (or changed it since scheduling) sends
    /// nothing outside Kinetic.
    @Test func anUnconfirmedSender_sendsNoEmail() async throws {
        let mailbox = try Mailbox()
        try await withKinetic(adjust: mailbox.configure) { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let wish = try await app.scheduleWish(from: ann, to: ["friend@outside.example"], channels: [.email], inSeconds: 60)
            _ = try await app.json(.PUT, "/api/v1/profile", body: ["name": "Ann"], token: ann.token)
            let user = try #require(try await User.find(UUID(uuidString: ann.customerId), on: app.db))
            user.emailVerifiedAt = nil
            try await user.save(on: app.db)
            _ = try await dispatcher(app, mailbox).runOnce(now: testNow.addingTimeInterval(60))
            #expect(
                try await WishesRepository(database: app.db).deliveries(of: wish.id).map(\.lastError) == [
                    "wishes.failure.senderUnconfirmed"
                ])
            #expect(try mailbox.messages(to: "friend@outside.example").isEmpty)
        }
    }
}
