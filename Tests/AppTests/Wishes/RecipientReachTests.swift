import Fluent
import Foundation
import KineticAPI
import KineticCore
import KineticMail
import Testing
import VaporTesting

@testable import App

/// Each recipient is reached once, on the way that fits them: a Kinetic account in the app, an
/// outside address by e-mail; Sent says per recipient how it arrived and counts people.
@Suite struct RecipientReachTests {
    private func dispatcher(_ app: Application, _ mailbox: Mailbox) -> WishDispatcher {
        WishDispatcher(
            database: app.db, queue: WishDeliveryQueue(database: app.db, owner: "test"),
            mail: .init(
                transport: .smtp(.patient(SMTPSettings(host: "127.0.0.1", port: mailbox.peer.port, security: .plain))),
                from: MailAddress("wishes@kinetic.test"), publicURL: "http://kinetic.test", catalog: app.stringCatalog),
            random: { 0.5 })
    }

    @Test func aKineticUserAndAnOutsideAddress_eachGetOneCopy_andSentSaysHow() async throws {
        let mailbox = try Mailbox()
        try await withKinetic(adjust: mailbox.configure) { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let bob = try await app.signUp(name: "Bob", email: "bob@example.com")
            let created = try await app.json(
                .POST, "/api/v1/wishes",
                body: [
                    "occasion": "birthday", "subject": "Happy birthday", "message": "Cake at five!",
                    "recipients": ["bob@example.com", "friend@outside.example", "refuse-eve@outside.example"],
                    "sendAt": "2027-01-15T08:05", "timeZone": "UTC",
                ], token: ann.token)
            try #require(created.status == .created, "\(created.body.string)")
            let wish = try created.decoded(as: Components.Schemas.Wish.self)
            let id = wish.id
            let reaches = wish.to.map { "\($0.address) \($0.reach.rawValue)" }
            #expect(reaches == ["bob@example.com in-app", "friend@outside.example email", "refuse-eve@outside.example email"])

            #expect(try await dispatcher(app, mailbox).runOnce(now: testNow.addingTimeInterval(300)) == 3)

            // One e-mail to the outside address (the other's server refused it) and none to Bob,
            // who has it in his Inbox once.
            let wishMails = try mailbox.messages().filter { $0.subject == "Happy birthday" }
            #expect(wishMails.map(\.rcpt_tos) == [["friend@outside.example"]])
            let inbox = try await app.json(.GET, "/api/v1/wishes?box=inbox", token: bob.token).decoded(as: Components.Schemas.WishList.self)
            #expect(inbox.items.map(\.subject) == ["Happy birthday"])

            let sentResponse = try await app.json(.GET, "/api/v1/wishes/\(id)", token: ann.token)
            let sent = try sentResponse.decoded(as: Components.Schemas.Wish.self)
            let outcomes = sent.to.map {
                "\($0.address) \($0.outcome.rawValue) \($0.deliveredOn.map(\.rawValue).joined(separator: "+"))"
            }
            #expect(
                outcomes == [
                    "bob@example.com delivered in-app", "friend@outside.example delivered email", "refuse-eve@outside.example failed ",
                ])
            let refused = try #require(sent.to.last?.reason)
            #expect(refused.hasPrefix("550"), "the mail server's own words: \(refused)")
            let tally = try #require(sent.tally)
            #expect(tally == Components.Schemas.Wish.TallyPayload(waiting: 0, delivered: 2, failed: 1, cancelled: 0))
            // Raw on purpose: the tally has exactly these four members, which decoding does not check (it skips members
            // the document does not declare).
            let rawTally = try #require(try sentResponse.jsonObject()["tally"] as? [String: Any])
            #expect(Set(rawTally.keys) == ["delivered", "failed", "waiting", "cancelled"])

            // The Sent list counts people.
            let list = try await WishBoxes(database: app.db, userID: try #require(UUID(uuidString: ann.customerId))).page(.sent)
            let cell = WishesChrome.cell(
                try #require(list.items.first), href: "/", l: Localizer(language: .english, catalog: app.stringCatalog),
                timeZone: TimeZone(identifier: "UTC")!, now: testNow)
            #expect(cell.status == "2 delivered · 1 failed" && cell.hasFailure)
        }
    }

    @Test func bothCopies_goOnlyWhenAsked_andAChoiceForOneRecipientLeavesTheOthersAutomatic() async throws {
        let mailbox = try Mailbox()
        try await withKinetic(adjust: mailbox.configure) { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            _ = try await app.signUp(name: "Bob", email: "bob@example.com")
            _ = try await app.signUp(name: "Kim", email: "kim@example.com", confirmed: false)
            let created = try await app.json(
                .POST, "/api/v1/wishes",
                body: [
                    "occasion": "birthday", "subject": "Happy birthday", "message": "Cake at five!",
                    "recipients": [["address": "bob@example.com", "reach": "email-and-in-app"], "kim@example.com"],
                    "sendAt": "2027-01-15T08:05", "timeZone": "UTC",
                ], token: ann.token)
            try #require(created.status == .created, "\(created.body.string)")
            let wish = try created.decoded(as: Components.Schemas.Wish.self)
            #expect(wish.to.map(\.reach) == [.emailAndInApp, .email], "Kim's account has not confirmed her address: e-mail")
            let id = wish.id
            let deliveries = try await WishesRepository(database: app.db).deliveries(of: try #require(UUID(uuidString: id)))
            #expect(
                deliveries.map { "\($0.channel.rawValue) \($0.recipient ?? "")" } == [
                    "email bob@example.com", "email kim@example.com", "in-app bob@example.com",
                ])

            let unknown = try await app.json(
                .POST, "/api/v1/wishes",
                body: [
                    "occasion": "birthday", "subject": "Hi", "message": "Hi",
                    "recipients": [["address": "bob@example.com", "reach": "fax"]],
                    "sendAt": "2027-01-15T08:05",
                ], token: ann.token)
            #expect(unknown.status == .unprocessableEntity)
            let problems = try unknown.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties
            #expect(problems?.keys.sorted() == ["reach"])
        }
    }
}
