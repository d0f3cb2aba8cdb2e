import Foundation
import KineticAPI
import KineticCore
import KineticMail
import Testing
import VaporTesting

@testable import App

/// A yearly wish "on <contact>'s birthday" goes on the birthday each year: 29 February on the
/// 29th in leap years and on the day the sender chose in others, on the clock chosen; one per
/// contact; it follows the contact's birthday when that is changed.
@Suite struct BirthdayWishTests {
    private func contact(_ app: Application, _ account: TestAccount, _ fields: [String: Any]) async throws -> String {
        let response = try await app.json(.POST, "/api/v1/wishes/contacts", body: fields, token: account.token)
        #expect(response.status == .created, "\(response.body.string)")
        return try #require(try response.jsonObject()["id"] as? String)
    }

    private func wish(
        _ app: Application, _ account: TestAccount, on birthday: [String: Any], extra: [String: Any] = [:]
    )
        async throws -> TestingHTTPResponse
    {
        let body: [String: Any] = [
            "occasion": "birthday", "subject": "Happy birthday, Zoë", "message": "All the best!", "recipients": ["zoe@example.com"],
            "onBirthdayOf": birthday,
        ]
        return try await app.json(.POST, "/api/v1/wishes", body: body.merging(extra) { $1 }, token: account.token)
    }

    @Test func aLeapDayBirthday_goesOnThe29thInLeapYears_andOnTheChosenDayInOthers() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let zoe = try await contact(
                app, ann, ["name": "Zoë Adams", "email": "zoe@example.com", "birthday": "1996-02-29", "timeZone": "Pacific/Auckland"])
            let max = try await contact(app, ann, ["name": "Max", "email": "max@example.com", "birthday": "--02-29"])

            // On her clock by default (she has a zone): 8:00 in Auckland, the 28th in 2027.
            let created = try await wish(app, ann, on: ["contactId": zoe])
            #expect(created.status == .created, "\(created.body.string)")
            let first = try created.decoded(as: Components.Schemas.Wish.self)
            #expect(first.sendAt?.local == "2027-02-28T08:00" && first.sendAt?.timeZone == "Pacific/Auckland")
            let series = try await app.json(.GET, "/api/v1/wishes/yearly/\(try #require(first.yearlyId))", token: ann.token)
                .decoded(as: Components.Schemas.YearlyWish.self)
            #expect(series.day == "--02-29" && series.leapDay == .february28 && series.onBirthdayOf == zoe)
            #expect(
                series.next.map(\.local) == [
                    "2027-02-28T08:00", "2028-02-29T08:00", "2029-02-28T08:00", "2030-02-28T08:00", "2031-02-28T08:00",
                ])

            // 1 March in other years, on the sender's clock at 9:30.
            let march = try await wish(
                app, ann, on: ["contactId": max, "time": "09:30", "zone": "sender", "leapDay": "march1"],
                extra: ["recipients": ["max@example.com"]])
            #expect(march.status == .created, "\(march.body.string)")
            let marchSeries = try await app.json(
                .GET, "/api/v1/wishes/yearly/\(try #require(try march.decoded(as: Components.Schemas.Wish.self).yearlyId))",
                token: ann.token
            ).decoded(as: Components.Schemas.YearlyWish.self)
            #expect(
                marchSeries.next.map { String($0.local.prefix(10)) } == [
                    "2027-03-01", "2028-02-29", "2029-03-01", "2030-03-01", "2031-03-01",
                ])

            // One yearly birthday wish per contact.
            let again = try await wish(app, ann, on: ["contactId": zoe])
            #expect(again.status == .unprocessableEntity)
            #expect(
                try again.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties["onBirthdayOf"]
                    == "You already wish this contact every year on their birthday: change that yearly wish instead.")
        }
    }

    @Test func aBirthdayWish_needsTheSendersContact_withABirthday_andNoOtherDay() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let eve = try await app.signUp(name: "Eve", email: "eve@example.com")
            let noBirthday = try await contact(app, ann, ["name": "Zoë", "email": "zoe@example.com"])
            let evesContact = try await contact(app, eve, ["name": "Zoë", "email": "zoe@example.com", "birthday": "1996-02-29"])
            let fieldError = { (response: TestingHTTPResponse, field: String) in
                try response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties[field]
            }
            let without = try await wish(app, ann, on: ["contactId": noBirthday])
            #expect(without.status == .unprocessableEntity)
            #expect(try fieldError(without, "onBirthdayOf") == "This contact has no birthday yet: add it to the contact first.")
            let others = try await wish(app, ann, on: ["contactId": evesContact])
            #expect(try fieldError(others, "onBirthdayOf") == "Choose one of your contacts.", "another user's contact is not found")
            let twice = try await wish(app, ann, on: ["contactId": noBirthday], extra: ["sendAt": "2027-03-01T08:00"])
            #expect(try fieldError(twice, "sendAt") == "A birthday wish goes on the birthday: leave the send time out.")
            let noZone = try await wish(app, eve, on: ["contactId": evesContact, "zone": "contact", "leapDay": "june1"])
            #expect(try fieldError(noZone, "onBirthdayOf.leapDay") == "Choose 28 February or 1 March.")
        }
    }

    @Test func theYearlyWish_followsTheContactsBirthday_andKeepsItsDayWhenTheContactGoes() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let zoe = try await contact(app, ann, ["name": "Zoë", "email": "zoe@example.com", "birthday": "1996-02-29"])
            let created = try await wish(app, ann, on: ["contactId": zoe, "zone": "sender"])
            let seriesID = try #require(try created.decoded(as: Components.Schemas.Wish.self).yearlyId)
            let changed = try await app.json(
                .PUT, "/api/v1/wishes/contacts/\(zoe)", body: ["name": "Zoë", "email": "zoe@example.com", "birthday": "1996-03-02"],
                token: ann.token)
            #expect(changed.status == .ok, "\(changed.body.string)")
            let series = {
                try await app.json(.GET, "/api/v1/wishes/yearly/\(seriesID)", token: ann.token).decoded(
                    as: Components.Schemas.YearlyWish.self)
            }
            #expect(try await series().day == "--03-02")
            // The year's wish waiting to go moves to the new day too.
            let upcoming = try #require(try await series().upcomingWishId)
            let waiting = try await app.json(.GET, "/api/v1/wishes/\(upcoming)", token: ann.token).decoded(as: Components.Schemas.Wish.self)
            #expect(waiting.sendAt?.local == "2027-03-02T08:00")
            #expect(try await app.json(.DELETE, "/api/v1/wishes/contacts/\(zoe)", token: ann.token).status == .noContent)
            let kept = try await series()
            #expect(kept.day == "--03-02" && kept.onBirthdayOf == nil)
        }
    }

    /// The reminder says who, when, the age they turn and what went last year, with the link to
    /// this year's wish; it reaches the sender by e-mail once, across a mail server that was down.
    @Test func theReminder_isWorthActingOn_andIsEmailedOnceThroughAnOutage() async throws {
        let mailbox = try Mailbox()
        // A mail server that is down: connections refused at once.
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let down = refusing.port
        try await withKinetic(adjust: mailbox.configure) { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let zoe = try await contact(app, ann, ["name": "Zoë Adams", "email": "zoe@example.com", "birthday": "1990-02-10"])
            let created = try await wish(app, ann, on: ["contactId": zoe, "zone": "sender"], extra: ["remindDaysBefore": 3])
            #expect(created.status == .created, "\(created.body.string)")
            let firstID = try created.decoded(as: Components.Schemas.Wish.self).id
            let roller = { (port: Int) -> WishDispatcher in
                var roller = YearlyWishRoller(database: app.db, catalog: app.stringCatalog)
                roller.mail = YearlyWishRoller.Mail(
                    transport: .smtp(.patient(SMTPSettings(host: "127.0.0.1", port: port, security: .plain))),
                    from: MailAddress("wishes@kinetic.test"), publicURL: "http://kinetic.test")
                var dispatcher = WishDispatcher(database: app.db, queue: WishDeliveryQueue(database: app.db, owner: "test"))
                dispatcher.roller = roller
                return dispatcher
            }
            let at = { (text: String) in try #require(ISO8601DateFormatter().date(from: text)) }

            // Ann's e-mails but the one that confirmed her address.
            let reminders = { try mailbox.messages(to: "ann@example.com").filter { $0.subject.hasPrefix("Coming up") } }
            // Three days before, the mail server is down: filed in the Inbox, the e-mail waits.
            _ = try await roller(down).runOnce(now: try at("2027-02-07T08:00:01Z"))
            #expect(try reminders().isEmpty)
            // Back within the next try's wait: nothing yet; after it, once.
            _ = try await roller(mailbox.peer.port).runOnce(now: try at("2027-02-07T08:02:00Z"))
            #expect(try reminders().isEmpty)
            for minute in ["08:06", "08:12"] { _ = try await roller(mailbox.peer.port).runOnce(now: try at("2027-02-07T\(minute):00Z")) }
            let first = try reminders()
            #expect(first.count == 1)
            #expect(first.first?.subject == "Coming up: Zoë Adams’s birthday on Wed, Feb 10")
            let text = try #require(first.first?.text).replacingOccurrences(of: "\u{202F}", with: " ")
            #expect(text.contains("Your yearly wish “Happy birthday, Zoë” goes to Zoë Adams on Feb 10, 2027 at 8:00 AM"), "\(text)")
            #expect(text.contains("Zoë turns 37.") && text.contains("This is the first year this wish goes out."))
            #expect(text.contains("http://kinetic.test/wishes/\(firstID.lowercased())/edit"))
            #expect(text.contains("You get this because you asked to be reminded before your yearly wish goes out."))
            #expect(text.contains("Turn reminders off for each yearly wish on its page: http://kinetic.test/wishes/yearly"))

            // The wish goes; a year later the reminder says what went.
            _ = try await roller(mailbox.peer.port).runOnce(now: try at("2027-02-10T08:00:00Z"))
            _ = try await roller(mailbox.peer.port).runOnce(now: try at("2028-02-07T08:00:01Z"))
            let second = try #require(try reminders().last?.text)
            #expect(
                second.contains("Zoë turns 38.") && second.contains("Last year you sent “Happy birthday, Zoë”: All the best!"), "\(second)")
            #expect(try reminders().count == 2)
        }
    }
}
