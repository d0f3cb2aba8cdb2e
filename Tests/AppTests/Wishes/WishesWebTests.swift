import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// The Wishes pages as a browser without the script uses them: every step an ordinary form.
@Suite struct WishesWebTests {
    private let when = [("sendDate", "2027-01-15"), ("sendTime", "10:00")]

    @Test func composePreviewAndConfirm_scheduleAWish_andReturnWhereTheSenderStarted() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let form = try await web.get("/wishes/new?from=scheduled")
            #expect(form.status == .ok)
            #expect(form.body.string.contains("value=\"Happy birthday!\""), "Birthday and its subject are chosen")

            // A stock text and no words of one's own: the text is the message.
            let fields =
                [
                    ("occasion", "holiday"), ("subject", "Season's greetings"), ("message", ""), ("stockText", "wishes.stock.holiday.2"),
                    ("photo", "stock:holiday-3"), ("recipients", "Sam@Example.com, kim@example.com"), ("from", "scheduled"),
                ] + when
            let preview = try await web.post("/wishes/preview", fields: fields, csrfPage: "/wishes/new")
            #expect(preview.status == .ok)
            let text = app.stringCatalog.string("wishes.stock.holiday.2", language: .english)
            #expect(preview.body.string.contains(HTMLEscaping.text(text)))
            #expect(preview.body.string.contains("/images/wishes/cards/holiday-3.svg"))
            // This server sends no e-mail: each goes to their Kinetic inbox, and Send Options says why.
            let page = preview.body.string
            #expect(page.contains("<option value=\"in-app sam@example.com\" selected>In their Kinetic inbox</option>"))
            #expect(page.contains("<option value=\"email kim@example.com\" disabled>By e-mail</option>"))
            #expect(page.contains("E-mail is not available to you"))

            // Confirm with e-mail chosen anyway: Send Options again, saying why.
            let carried = fields.filter { $0.0 != "stockText" && $0.0 != "message" } + [("message", text)]
            let email = try await web.post("/wishes", fields: carried + [("reaches[]", "email sam@example.com")], csrfPage: "/wishes/new")
            #expect(email.status == .unprocessableEntity && email.body.string.contains("id=\"send-options\""))
            #expect(email.body.string.contains("This server sends no e-mail, so sam@example.com can get it only in their Kinetic inbox."))

            let confirmed = try await web.post("/wishes", fields: carried, csrfPage: "/wishes/new")
            #expect(confirmed.status == .seeOther)
            #expect(confirmed.headers.first(name: .location) == "/wishes/scheduled?done=scheduled")
            let list = try await app.json(.GET, "/api/v1/wishes?box=scheduled", token: account.token)
                .decoded(as: Components.Schemas.WishList.self)
            let wish = try #require(list.items.first)
            #expect(wish.subject == "Season's greetings" && wish.message == text)
            #expect(wish.occasion == .holiday && wish.channels == [.inApp])
            let scheduled = try await web.get("/wishes/scheduled?done=scheduled")
            #expect(scheduled.body.string.contains("Your wish is scheduled."))
            #expect(scheduled.body.string.contains("Season&quot;s greetings") || scheduled.body.string.contains("Season's greetings"))
        }
    }

    @Test func aFormWithProblems_comesBackNamingEachOne_andNothingIsScheduled() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let response = try await web.post(
                "/wishes/preview",
                fields: [
                    ("occasion", "birthday"), ("subject", ""), ("message", "Hi"), ("recipients", "not-an-address"),
                    ("sendDate", "2020-01-01"), ("sendTime", "10:00"),
                ], csrfPage: "/wishes/new")
            #expect(response.status == .unprocessableEntity)
            let html = response.body.string
            #expect(html.contains("Please check the fields marked below."))
            #expect(html.components(separatedBy: "class=\"field-error\"").count - 1 == 3, "subject, recipients, send time")
            #expect(html.contains("value=\"not-an-address\""), "what was typed stays")
            let counts = try await app.json(.GET, "/api/v1/wishes/counts", token: account.token)
                .decoded(as: Components.Schemas.WishCounts.self)
            #expect(counts.scheduled == 0)
        }
    }

    @Test func aCustomPhoto_goesThroughThePreview_andOnlyItsOwnerSeesIt() async throws {
        let png = try await ImageFixtures.picture(width: 300, height: 200, codec: "png")
        try await withKinetic { app in
            let (web, _) = try await app.signedInWebClient()
            let fields = [
                ("occasion", "birthday"), ("subject", "Hi"), ("message", "Hello"), ("photo", ""), ("recipients", "sam@example.com"),
                ("sendDate", "2027-01-15"), ("sendTime", "10:00"),
            ]
            let file = WebClient.FormFile(field: "photoFile", fileName: "me.png", contentType: "image/png", data: png)
            // Refused for a wrong address: the form comes back with the photo chosen, not asking for it again.
            let refused = try await web.postMultipart(
                "/wishes/preview", fields: fields.map { $0.0 == "recipients" ? ($0.0, "sam@") : $0 }, file: file, csrfPage: "/wishes/new")
            #expect(refused.status == .unprocessableEntity)
            let kept = try #require(refused.body.string.range(of: "name=\"photo\" value=\"upload:"))
            let keptID = String(refused.body.string[kept.upperBound...].prefix(36))
            #expect(refused.body.string.contains("value=\"upload:\(keptID)\" checked"), "the uploaded photo is the chosen one")
            let preview = try await web.postMultipart("/wishes/preview", fields: fields, file: file, csrfPage: "/wishes/new")
            #expect(preview.status == .ok, "\(preview.body.string.prefix(300))")
            let html = preview.body.string
            let start = try #require(html.range(of: "/wishes/photos/"))
            let path = "/wishes/photos/" + html[start.upperBound...].prefix(36)
            #expect(try await web.get(path).status == .ok)
            #expect(html.contains("value=\"upload:"), "the photo is carried to Confirm")
            let (other, _) = try await app.signedInWebClient()
            #expect(try await other.get(path).status == .notFound)
        }
    }

    @Test func deleting_asksOnAPageOfItsOwnWithoutTheScript_thenReturnsToTheList() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let wish = try await app.scheduleWish(from: account, to: ["sam@example.com"], channels: [.inApp])
            let id = wish.id.uuidString
            let asked = try await web.post(
                "/wishes/delete", fields: [("ids[]", id), ("back", "/wishes/scheduled"), ("confirmed", "")], csrfPage: "/wishes/scheduled")
            #expect(asked.status == .ok && asked.body.string.contains("Delete this wish?"))
            #expect(try await web.get("/wishes/\(id)").status == .ok, "nothing deleted before the answer")
            let done = try await web.post(
                "/wishes/delete", fields: [("ids[]", id), ("back", "https://evil.example/wishes"), ("confirmed", "1")],
                csrfPage: "/wishes/scheduled")
            #expect(done.status == .seeOther && done.headers.first(name: .location) == "/wishes?done=deleted", "never back to another site")
            #expect(try await web.get("/wishes/\(id)").status == .notFound)
            let deliveries = try await WishesRepository(database: app.db).deliveries(of: wish.id)
            #expect(deliveries.map(\.state) == [.cancelled])
        }
    }

    @Test func anotherUsersWish_isNotFoundOnAnyPage_andEditingChangesOnlyOnesOwn() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let (eve, eveAccount) = try await app.signedInWebClient()
            let wish = try await app.scheduleWish(from: account, to: ["sam@example.com"], channels: [.inApp])
            let id = wish.id.uuidString
            for path in ["/wishes/\(id)", "/wishes/\(id)/edit"] { #expect(try await eve.get(path).status == .notFound, "\(path)") }
            let stolen = try await eve.post("/wishes/delete", fields: [("ids[]", id), ("confirmed", "1")], csrfPage: "/wishes")
            #expect(stolen.status == .notFound)
            let hijack = try await eve.post(
                "/wishes/\(id)/edit",
                fields: [
                    ("occasion", "birthday"), ("subject", "Mine"), ("message", "x"),
                    ("recipients", eveAccount.email), ("channels[]", "in-app"),
                ] + when, csrfPage: "/wishes")
            #expect(hijack.status == .notFound)

            let edit = try await web.get("/wishes/\(id)/edit")
            #expect(edit.status == .ok && edit.body.string.contains("value=\"Happy birthday\""))
            let saved = try await web.post(
                "/wishes/\(id)/edit",
                fields: [
                    ("occasion", "congratulations"), ("subject", "Well done"), ("message", "Bravo"),
                    ("recipients", "sam@example.com"), ("channels[]", "in-app"),
                ] + when, csrfPage: "/wishes")
            #expect(saved.status == .seeOther && saved.headers.first(name: .location) == "/wishes/\(id)?done=saved")
            let page = try await web.get("/wishes/\(id)?done=saved").body.string
            #expect(page.contains("Well done") && page.contains("Your changes are saved."))
            let home = try await web.get("/wishes").body.string
            #expect(home.contains("Schedule a Wish") && !home.contains("coming soon"))
        }
    }

    /// Edit, Submit and Confirm without changing anything leave the wish as it was: each
    /// recipient's reach, the recipients, photo, time and zone (a wish at 08:00 New York time from
    /// an account on another clock kept showing only In-app and moved to the account's zone).
    @Test func editingAndConfirmingWithoutAChange_keepsEverything() async throws {
        let mailbox = try Mailbox()
        try await withKinetic(adjust: { mailbox.configure(&$0) }) { app in
            let (web, account) = try await app.signedInWebClient()
            let created = try await app.json(
                .POST, "/api/v1/wishes",
                body: [
                    "occasion": "birthday", "subject": "Happy birthday, Carla", "message": "All the best!", "photo": "stock:birthday-2",
                    "recipients": [["address": "carla@example.com", "reach": "email-and-in-app"], "dan@example.com"],
                    "sendAt": "2027-03-14T08:00", "timeZone": "America/New_York",
                ], token: account.token)
            try #require(created.status == .created, "\(created.body.string)")
            let id = try created.decoded(as: Components.Schemas.Wish.self).id
            // Raw on purpose: the answer must stay the same byte for byte, members decoding skips and `null`s included.
            let before = try await app.json(.GET, "/api/v1/wishes/\(id)", token: account.token).body.string

            let edit = try await web.get("/wishes/\(id)/edit").body.string
            for carried in [
                "name=\"timeZone\" value=\"America/New_York\"", "name=\"reaches[]\" value=\"email-and-in-app carla@example.com\"",
                "name=\"reaches[]\" value=\"email dan@example.com\"", "America/New_York",
            ] {
                #expect(edit.contains(carried), "\(carried)")
            }
            let fields = [
                ("occasion", "birthday"), ("subject", "Happy birthday, Carla"), ("message", "All the best!"), ("photo", "stock:birthday-2"),
                ("recipients", "carla@example.com, dan@example.com"), ("sendDate", "2027-03-14"), ("sendTime", "08:00"),
                ("timeZone", "America/New_York"), ("from", "scheduled"), ("editing", id),
                ("reaches[]", "email-and-in-app carla@example.com"), ("reaches[]", "email dan@example.com"),
            ]
            let preview = try await web.post("/wishes/preview", fields: fields, csrfPage: "/wishes/\(id)/edit")
            #expect(preview.status == .ok)
            let page = preview.body.string
            #expect(page.contains("(New York time)"), "the wish's own zone, not the account's")
            for chosen in ["email-and-in-app carla@example.com", "email dan@example.com"] {
                #expect(page.contains("<option value=\"\(chosen)\" selected>"), "\(chosen) is chosen in Send Options")
            }
            let saved = try await web.post("/wishes/\(id)/edit", fields: fields, csrfPage: "/wishes/\(id)/edit")
            #expect(saved.status == .seeOther && saved.headers.first(name: .location) == "/wishes/\(id)?done=saved")
            let after = try await app.json(.GET, "/api/v1/wishes/\(id)", token: account.token).body.string
            #expect(after == before)

            // Through the API: what GET says, PUT back, is the same wish.
            let shown = try await app.json(.GET, "/api/v1/wishes/\(id)", token: account.token).decoded(as: Components.Schemas.Wish.self)
            let sendAt = try #require(shown.sendAt)
            let put = try await app.json(
                .PUT, "/api/v1/wishes/\(id)",
                body: [
                    "occasion": shown.occasion.rawValue, "subject": shown.subject, "message": shown.message,
                    "photo": shown.photo.map { $0.id as Any } ?? NSNull(),
                    "recipients": shown.to.map { ["address": $0.address, "reach": $0.reach.rawValue] },
                    "connections": shown.connections, "sendAt": sendAt.local, "timeZone": sendAt.timeZone,
                ], token: account.token)
            #expect(put.status == .ok)
            #expect(try await app.json(.GET, "/api/v1/wishes/\(id)", token: account.token).body.string == before)
        }
    }
}
