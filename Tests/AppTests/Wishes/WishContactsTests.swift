import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// The address book through the API and the pages: kept per user, checked, imported after a
/// preview.
@Suite struct WishContactsTests {
    static let vCard = """
        BEGIN:VCARD
        VERSION:3.0
        FN:Carla Núñez
        EMAIL;TYPE=INTERNET:carla@example.com
        EMAIL;TYPE=HOME:carla.home@example.org
        BDAY;X-APPLE-OMIT-YEAR=1604:1604-04-15
        END:VCARD
        BEGIN:VCARD
        VERSION:4.0
        FN:Ben Becker
        EMAIL:ben@example.com
        BDAY:19900415
        TZ:Europe/Berlin
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        FN:No Address
        END:VCARD
        """

    @Test func aContact_isAddedChangedAndDeleted_overTheAPI_andNoOtherUserSeesIt() async throws {
        try await withKinetic { app in
            let owner = try await app.signUp(), other = try await app.signUp()
            let body: [String: Any] = ["name": "Carla", "email": "Carla@Example.com", "birthday": "--0415", "timeZone": "Europe/Lisbon"]
            let created = try await app.json(.POST, "/api/v1/wishes/contacts", body: body, token: owner.token)
            #expect(created.status == .created, "\(created.body.string)")
            let contact = try created.decoded(as: Components.Schemas.WishContact.self)
            let id = contact.id
            #expect(created.headers.first(name: .location) == "/api/v1/wishes/contacts/\(id)")
            #expect(contact.email == "carla@example.com" && contact.birthday == "--04-15")
            // Raw on purpose: a contact without a reach has it present as `null`, which decoding cannot tell from a missing
            // member.
            #expect(try created.jsonObject()["reach"] is NSNull)

            let again = try await app.json(.POST, "/api/v1/wishes/contacts", body: body, token: owner.token)
            #expect(again.status == .conflict)
            let bad = try await app.json(
                .POST, "/api/v1/wishes/contacts", body: ["email": "nope", "birthday": "1996-02-30", "timeZone": "Mars/Base", "extra": 1],
                token: owner.token)
            #expect(bad.status == .unprocessableEntity)
            let fields = try #require(try bad.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties)
            #expect(Set(fields.keys) == ["email", "birthday", "timeZone", "extra"])

            for method in [HTTPMethod.GET, .DELETE] {
                #expect(try await app.json(method, "/api/v1/wishes/contacts/\(id)", token: other.token).status == .notFound)
            }
            #expect(try await app.json(.PUT, "/api/v1/wishes/contacts/\(id)", body: body, token: other.token).status == .notFound)
            let othersList = try await app.json(.GET, "/api/v1/wishes/contacts", token: other.token)
                .decoded(as: Components.Schemas.WishContactList.self)
            #expect(othersList.items.isEmpty)

            let changed = try await app.json(
                .PUT, "/api/v1/wishes/contacts/\(id)", body: ["name": "Carla Núñez", "email": "carla@example.com", "reach": "email"],
                token: owner.token)
            #expect(changed.status == .ok)
            #expect(try changed.decoded(as: Components.Schemas.WishContact.self).birthday == nil, "PUT replaces every field")
            // Raw on purpose: the cleared birthday is present as `null`, which decoding cannot tell from a missing member.
            #expect(try changed.jsonObject()["birthday"] is NSNull, "PUT replaces every field")
            let found = try await app.json(.GET, "/api/v1/wishes/contacts?q=nunez", token: owner.token)
                .decoded(as: Components.Schemas.WishContactList.self)
            #expect(found.items.map(\.name) == ["Carla Núñez"])

            #expect(try await app.json(.DELETE, "/api/v1/wishes/contacts/\(id)", token: owner.token).status == .noContent)
            #expect(try await app.json(.GET, "/api/v1/wishes/contacts/\(id)", token: owner.token).status == .notFound)
        }
    }

    @Test func anImport_showsWhatItWouldDoOnADryRun_thenStoresOnlyTheNewOnes() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            _ = try await app.json(
                .POST, "/api/v1/wishes/contacts", body: ["name": "Ben", "email": "ben@example.com"], token: account.token)
            var headers = HTTPHeaders()
            headers.bearerAuthorization = BearerAuthorization(token: account.token)
            headers.contentType = HTTPMediaType(type: "text", subType: "vcard")
            let dry = try await app.testing().sendRequest(
                .POST, "/api/v1/wishes/contacts/import?dryRun=true", headers: headers, body: ByteBuffer(string: Self.vCard))
            #expect(dry.status == .ok, "\(dry.body.string)")
            let preview = try dry.decoded(as: Components.Schemas.WishContactImport.self)
            let entries = preview.entries
            #expect(entries.map(\.email) == ["carla@example.com", "ben@example.com"])
            #expect(entries.map(\.known) == [false, true])
            #expect(entries.first?.birthday == "--04-15")
            let problems = preview.problems
            #expect(problems.map(\.line) == [15])
            #expect(problems.first?.message == "“No Address” has no e-mail address and is left out.")
            #expect(preview.new == 1 && preview.added == 0)
            var list = try await app.json(.GET, "/api/v1/wishes/contacts", token: account.token)
                .decoded(as: Components.Schemas.WishContactList.self)
            #expect(list.items.count == 1, "a dry run stores nothing")
            // A dry run asked for unclearly is refused, not taken for a real import.
            for query in ["dryRun=yes", "dryRun=null&dryRun=null", "dryRun="] {
                let unclear = try await app.testing().sendRequest(
                    .POST, "/api/v1/wishes/contacts/import?\(query)", headers: headers, body: ByteBuffer(string: Self.vCard))
                #expect(unclear.status == .unprocessableEntity, "\(query)")
                #expect(
                    try unclear.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties["dryRun"] != nil)
            }
            list = try await app.json(.GET, "/api/v1/wishes/contacts", token: account.token)
                .decoded(as: Components.Schemas.WishContactList.self)
            #expect(list.items.count == 1, "an unclear dry run stores nothing")

            let real = try await app.testing().sendRequest(
                .POST, "/api/v1/wishes/contacts/import", headers: headers, body: ByteBuffer(string: Self.vCard))
            #expect(try real.decoded(as: Components.Schemas.WishContactImport.self).added == 1)
            list = try await app.json(.GET, "/api/v1/wishes/contacts", token: account.token)
                .decoded(as: Components.Schemas.WishContactList.self)
            let items = list.items
            #expect(items.map(\.email) == ["ben@example.com", "carla@example.com"])
            #expect(items.first?.name == "Ben", "a known contact stays as it was")

            let empty = try await app.testing().sendRequest(.POST, "/api/v1/wishes/contacts/import", headers: headers)
            #expect(empty.status == .unprocessableEntity)
        }
    }

    @Test func thePages_addAContactWithABirthdayWithoutAYear_importAfterAPreview_andDelete() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let empty = try await web.get("/wishes/contacts")
            #expect(empty.status == .ok && empty.body.string.contains("No contacts yet"))

            let refused = try await web.post(
                "/wishes/contacts",
                fields: [("name", "Dana"), ("email", "dana@"), ("birthdayDay", "30"), ("birthdayMonth", "2"), ("birthdayYear", "")],
                csrfPage: "/wishes/contacts/new")
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("Enter an e-mail address like name@example.com."))
            #expect(refused.body.string.contains("Choose a day and a month that exist"))
            #expect(refused.body.string.contains("value=\"Dana\""), "what was typed stays")

            let added = try await web.post(
                "/wishes/contacts",
                fields: [
                    ("name", "Dana Ito"), ("email", "dana@example.com"), ("birthdayDay", "29"), ("birthdayMonth", "2"),
                    ("birthdayYear", ""), ("timeZone", "Asia/Tokyo"), ("reach", ""),
                ], csrfPage: "/wishes/contacts/new")
            #expect(added.status == .seeOther && added.headers.first(name: .location) == "/wishes/contacts?done=added")
            let list = try await web.get("/wishes/contacts?done=added").body.string
            #expect(list.contains("Contact added.") && list.contains("Dana Ito"))
            #expect(list.contains("Birthday February 29 · Tokyo time"), "\(list)")

            let preview = try await web.postMultipart(
                "/wishes/contacts/import", fields: [],
                file: .init(field: "file", fileName: "contacts.vcf", contentType: "text/vcard", data: Data(Self.vCard.utf8)),
                csrfPage: "/wishes/contacts/import")
            #expect(preview.status == .ok, "\(preview.body.string.prefix(500))")
            let page = preview.body.string
            #expect(page.contains("2 new contacts."))
            #expect(page.contains("Line 15: “No Address” has no e-mail address and is left out."))
            #expect(page.contains("Import 2 Contacts"))
            #expect(page.contains("also carla.home@example.org"), "every address is kept, and shown")
            #expect(
                try await app.json(.GET, "/api/v1/wishes/contacts", token: account.token)
                    .decoded(as: Components.Schemas.WishContactList.self).items.count == 1)

            let start = try #require(page.range(of: "name=\"entries\" value=\""))
            let carried = String(page[start.upperBound...].prefix { $0 != "\"" })
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            let imported = try await web.post(
                "/wishes/contacts/import/confirm", fields: [("entries", carried)], csrfPage: "/wishes/contacts/import")
            #expect(imported.headers.first(name: .location) == "/wishes/contacts?done=imported&count=2")
            let items = try await app.json(.GET, "/api/v1/wishes/contacts", token: account.token)
                .decoded(as: Components.Schemas.WishContactList.self).items
            #expect(items.map(\.email) == ["ben@example.com", "carla@example.com", "dana@example.com"])
            #expect(items.map(\.otherEmails) == [[], ["carla.home@example.org"], []], "carried through Import")

            let ben = try #require(items.first?.id)
            let (eve, _) = try await app.signedInWebClient()
            #expect(try await eve.get("/wishes/contacts/\(ben)").status == .notFound)
            #expect(try await eve.post("/wishes/contacts/\(ben)/delete", fields: [], csrfPage: "/wishes/contacts").status == .notFound)
            let deleted = try await web.post("/wishes/contacts/\(ben)/delete", fields: [], csrfPage: "/wishes/contacts")
            #expect(deleted.headers.first(name: .location) == "/wishes/contacts?done=deleted")
            #expect(try await web.get("/wishes/contacts/\(ben)").status == .notFound)
        }
    }

    @Test func compose_offersTheContacts_withWhatTheQuickChoicesNeed_andTicksAddThemWithoutTheScript() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            for body in [
                ["name": "Dana Ito", "email": "dana@example.com", "birthday": "--0229", "timeZone": "Asia/Tokyo"],
                ["name": "Ben", "email": "ben@example.com"],
            ] {
                #expect(try await app.json(.POST, "/api/v1/wishes/contacts", body: body, token: account.token).status == .created)
            }
            let page = try await web.get("/wishes/new").body.string
            // 2027-01-15 08:00 UTC: Dana's next birthday is kept on 28 February (2027 has no 29th), at 8:00 in Tokyo.
            #expect(
                page.contains(
                    "data-email=\"dana@example.com\" data-first-name=\"Dana\" data-birthday=\"2027-02-28\" data-birthday-zone=\"Asia/Tokyo\""
                ))
            #expect(page.contains("data-zone-name=\"Tokyo time\" data-morning=\"2027-01-16\""), "8:00 has passed in Tokyo today")
            #expect(page.contains("id=\"quick-tomorrow\" data-date=\"2027-01-16\""))
            #expect(page.contains("Times are UTC."))

            let preview = try await web.post(
                "/wishes/preview",
                fields: [
                    ("occasion", "birthday"), ("subject", "Hi"), ("message", "Hello"), ("recipients", "sam@example.com, Dana@example.com"),
                    ("contacts[]", "dana@example.com"), ("contacts[]", "ben@example.com"), ("sendDate", "2027-01-16"),
                    ("sendTime", "08:00"),
                    ("timeZone", "Asia/Tokyo"),
                ], csrfPage: "/wishes/new")
            #expect(preview.status == .ok, "\(preview.body.string.prefix(400))")
            #expect(preview.body.string.contains("name=\"recipients\" value=\"sam@example.com, Dana@example.com, ben@example.com\""))
            #expect(preview.body.string.contains("(Tokyo time)"), "the wish goes by the zone chosen")
        }
    }

    @Test func aStockText_greetsTheOneContactItGoesTo_byFirstName_onThePagesAndInTheAPI() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let carla = ["name": "Carla Núñez", "email": "carla@example.com"]
            #expect(try await app.json(.POST, "/api/v1/wishes/contacts", body: carla, token: account.token).status == .created)
            let page = try await web.get("/wishes/new").body.string
            #expect(page.contains("data-email=\"carla@example.com\" data-first-name=\"Carla\""))
            #expect(page.contains("data-named=\"Happy birthday, %@! I hope your day"), "the script greets whoever To names")

            let fields = { (recipients: String) in
                [
                    ("occasion", "birthday"), ("subject", "Hi"), ("message", ""), ("stockText", "wishes.stock.birthday.2"),
                    ("recipients", recipients), ("sendDate", "2027-01-16"), ("sendTime", "08:00"),
                ]
            }
            let one = try await web.post("/wishes/preview", fields: fields("Carla@Example.com"), csrfPage: "/wishes/new")
            #expect(one.status == .ok)
            #expect(one.body.string.contains("Another lap around the sun, Carla! Wishing you laughter"))
            // Two people, or an address the book does not know: the words without a name.
            for recipients in ["carla@example.com, sam@example.com", "sam@example.com"] {
                let page = try await web.post("/wishes/preview", fields: fields(recipients), csrfPage: "/wishes/new").body.string
                #expect(page.contains("Another lap around the sun! Wishing you laughter"), "\(recipients)")
                #expect(!page.contains("Carla!"))
            }
            // Back on the form (Edit on the preview), the texts greet her.
            let revised = try await web.post(
                "/wishes/revise", fields: fields("carla@example.com"), csrfPage: "/wishes/new")
            #expect(revised.body.string.contains("Thinking of you on your birthday, Carla."))

            let german = try await app.json(
                .GET, "/api/v1/wishes/occasions?firstName=%20Carla%20", token: account.token, headers: ["Accept-Language": "de"]
            ).decoded(as: Components.Schemas.WishOccasions.self)
            let birthday = try #require(german.occasions.first)
            let texts = birthday.texts.map(\.text)
            #expect(texts.first?.hasPrefix("Alles Gute zum Geburtstag, Carla! Ich wünsche dir") == true)
            let long = String(repeating: "a", count: 101)
            #expect(
                try await app.json(.GET, "/api/v1/wishes/occasions?firstName=\(long)", token: account.token).status == .unprocessableEntity)
        }
    }
}
