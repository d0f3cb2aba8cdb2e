import AsyncHTTPClient
import Fluent
import Foundation
import KineticAPI
import KineticCore
import NIOCore
import Testing
import VaporTesting

@testable import App

/// The photos an imported address book gives its people: embedded in a vCard or linked (as
/// Google writes them, fetched from a real web server on loopback), kept small and re-encoded
/// as the contacts' photos, shown beside their names, seen only by their owner, and gone with
/// the contact or when taken away. A preview that is never imported leaves none behind.
@Suite struct WishContactPhotosTests {
    /// A vCard 3.0 card with `photo` embedded as an iPhone writes it (base64, folded).
    static func card(_ name: String, _ email: String, embedding photo: Data) -> [String] {
        let base64 = photo.base64EncodedString()
        var lines = ["BEGIN:VCARD", "VERSION:3.0", "FN:\(name)", "EMAIL:\(email)"]
        var rest = Substring(base64)
        lines.append("PHOTO;ENCODING=b;TYPE=JPEG:" + rest.prefix(60))
        rest = rest.dropFirst(60)
        while !rest.isEmpty {
            lines.append(" " + rest.prefix(74))
            rest = rest.dropFirst(74)
        }
        return lines + ["END:VCARD"]
    }

    static func card(_ name: String, _ email: String, link: String) -> [String] {
        ["BEGIN:VCARD", "VERSION:3.0", "FN:\(name)", "EMAIL:\(email)", "PHOTO;VALUE=uri:\(link)", "END:VCARD"]
    }

    @Test func anAddressBooksPhotos_embeddedOrLinked_areKeptSmall_shownBesideNames_andOnlyTheirOwnerSeesThem() async throws {
        let peer = try PeerProcess("photo_peer.py")
        let origin = "http://127.0.0.1:\(peer.port)"
        let portrait = try await ImageFixtures.picture(width: 1200, height: 900)
        try await Self.put(portrait, at: origin + "/ann.jpg")
        try await withKinetic(adjust: { $0.wishContacts.photoHosts = HostAllowlist([origin]) }) { app in
            let (web, account) = try await app.signedInWebClient()
            let lines =
                Self.card("Carla Núñez", "carla@example.com", embedding: portrait)
                + Self.card("Ann Lee", "ann@example.com", link: origin + "/ann.jpg")
                + Self.card("Ben Becker", "ben@example.com", link: origin + "/moved/ann.jpg")
                + Self.card("Dora Diaz", "dora@example.com", link: "https://photos.example/dora.jpg")
                // Links the host gives no photo for: after three in a row, the rest are not tried.
                + (1...4).flatMap { Self.card("Missing \($0)", "missing\($0)@example.com", link: origin + "/gone\($0).jpg") }
                + Self.card("Eve Ernst", "eve@example.com", embedding: Data("not a picture at all".utf8))
                // A photo cut short, and a photo of one pixel.
                + Self.card("Finn Fox", "finn@example.com", embedding: portrait.prefix(portrait.count * 2 / 3))
                + Self.card("Gus Gray", "gus@example.com", embedding: try await ImageFixtures.picture(width: 1, height: 1))
            let preview = try await web.postMultipart(
                "/wishes/contacts/import", fields: [],
                file: .init(
                    field: "file", fileName: "contacts.vcf", contentType: "text/vcard", data: Data(lines.joined(separator: "\r\n").utf8)),
                csrfPage: "/wishes/contacts/import")
            #expect(preview.status == .ok, "\(preview.body.string.prefix(500))")
            let page = preview.body.string
            #expect(page.contains("11 new contacts. 2 photos come with them."), "\(page)")
            #expect(page.components(separatedBy: "<img class=\"contact-avatar\"").count == 3, "Carla's and Ann's faces beside their names")
            #expect(page.contains("Ben Becker’s photo could not be fetched from its link"), "a redirect is not followed")
            #expect(page.contains("Dora Diaz’s photo is on a website this server does not fetch photos from"))
            #expect(page.contains("Eve Ernst’s photo is not a picture Kinetic can read"))
            #expect(page.contains("Finn Fox’s photo is not a picture Kinetic can read"), "not kept half grey")
            #expect(page.contains("Gus Gray’s photo is too small to show"))
            #expect(
                try await Self.requests(origin) == ["/ann.jpg", "/moved/ann.jpg", "/gone1.jpg", "/gone2.jpg"],
                "nothing else was asked for; the redirect and two missing ones make three failed in a row")
            #expect(page.contains("Missing 4’s photo could not be fetched from its link"))

            let start = try #require(page.range(of: "name=\"entries\" value=\""))
            let carried = String(page[start.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
            let imported = try await web.post(
                "/wishes/contacts/import/confirm", fields: [("entries", carried)], csrfPage: "/wishes/contacts/import")
            #expect(imported.headers.first(name: .location) == "/wishes/contacts?done=imported&count=11")
            let items = try await app.json(.GET, "/api/v1/wishes/contacts", token: account.token)
                .decoded(as: Components.Schemas.WishContactList.self).items
            let photos = Dictionary(uniqueKeysWithValues: items.map { ($0.email, $0.photoUrl) })
            let carla = try #require(photos["carla@example.com"] ?? nil), ann = try #require(photos["ann@example.com"] ?? nil)
            #expect(
                ["ben@example.com", "dora@example.com", "eve@example.com", "finn@example.com", "gus@example.com"].allSatisfy {
                    photos[$0] == .some(nil)
                })
            let list = try await web.get("/wishes/contacts").body.string
            #expect(list.components(separatedBy: "<img class=\"contact-avatar\"").count == 3)
            #expect(list.contains("<span class=\"contact-avatar contact-avatar-initials\" aria-hidden=\"true\">BB</span>"))

            // Kept as a face, not a poster: 512 pixels on the longer side, written again.
            let served = try await app.json(.GET, carla, token: account.token)
            #expect(served.status == .ok && served.headers.contentType?.subType == "jpeg")
            let header = try WishPhotoCheck.check(header: [UInt8](served.body.readableBytesView)).get()
            #expect((header.width, header.height) == (512, 384))
            #expect(try await app.json(.GET, ann, token: account.token).status == .ok)
            // No one else sees them, and the wish photo picker does not offer them.
            let (eve, other) = try await app.signedInWebClient()
            #expect(try await app.json(.GET, carla, token: other.token).status == .notFound)
            #expect(try await eve.get(carla.replacingOccurrences(of: "/api/v1", with: "")).status == .notFound)
            let carlaID = try #require(carla.split(separator: "/").last.map(String.init))
            #expect(!(try await web.get("/wishes/new").body.string.contains(carlaID)))
            let asWishPhoto = try await app.json(
                .POST, "/api/v1/wishes",
                body: [
                    "occasion": "birthday", "subject": "Hi", "message": "Hello", "recipients": ["carla@example.com"],
                    "sendAt": "2027-01-16T08:00", "timeZone": "UTC", "photo": "upload:\(carlaID)",
                ], token: account.token)
            #expect(asWishPhoto.status == .unprocessableEntity, "a contact's photo goes with the contact, not on a wish")
            #expect(asWishPhoto.body.string.contains(#""fields":{"photo":"#), "\(asWishPhoto.body.string)")

            // Taken away on the contact's page; gone with the contact.
            let carlaContact = try #require(items.first { $0.email == "carla@example.com" }?.id)
            let form = try await web.get("/wishes/contacts/\(carlaContact)").body.string
            #expect(form.contains("id=\"field-removePhoto\"") && form.contains("Remove photo"))
            let saved = try await web.post(
                "/wishes/contacts/\(carlaContact)",
                fields: [("name", "Carla Núñez"), ("email", "carla@example.com"), ("removePhoto", "1")],
                csrfPage: "/wishes/contacts/\(carlaContact)")
            #expect(saved.status == .seeOther)
            #expect(try await app.json(.GET, carla, token: account.token).status == .notFound)
            let annContact = try #require(items.first { $0.email == "ann@example.com" }?.id)
            #expect(try await app.json(.DELETE, "/api/v1/wishes/contacts/\(annContact)", token: account.token).status == .noContent)
            #expect(try await app.json(.GET, ann, token: account.token).status == .notFound)
            #expect(try await WishPhotoRecord.query(on: app.db).count() == 0, "neither row is left")
        }
    }

    @Test func anImportOverTheAPI_keepsPhotos_andAPreviewNeverImported_leavesNoneBehind() async throws {
        let clock = TestClock(testNow)
        let portrait = try await ImageFixtures.picture(width: 300, height: 300)
        try await withKinetic(clock: clock) { app in
            let (web, account) = try await app.signedInWebClient()
            let vCard = Data((Self.card("Carla", "carla@example.com", embedding: portrait)).joined(separator: "\r\n").utf8)
            var headers = HTTPHeaders()
            headers.bearerAuthorization = .init(token: account.token)
            headers.contentType = .init(type: "text", subType: "vcard")
            let dryRun = try await app.testing().sendRequest(
                .POST, "/api/v1/wishes/contacts/import?dryRun=true", headers: headers, body: ByteBuffer(data: vCard))
            #expect(dryRun.status == .ok)
            #expect(try await WishPhotoRecord.query(on: app.db).count() == 0, "a dry run keeps nothing")

            // A preview on the page that is never imported.
            let preview = try await web.postMultipart(
                "/wishes/contacts/import", fields: [],
                file: .init(field: "file", fileName: "c.vcf", contentType: "text/vcard", data: vCard), csrfPage: "/wishes/contacts/import")
            #expect(preview.body.string.contains("1 photo comes with it") || preview.body.string.contains("1 photo comes with them"))
            #expect(try await WishPhotoRecord.query(on: app.db).count() == 1)

            // An hour on, the import over the API keeps its own photo and takes the other away.
            clock.advance(by: WishContactPhotos.previewLifetime + 60)
            let imported = try await app.testing().sendRequest(
                .POST, "/api/v1/wishes/contacts/import", headers: headers, body: ByteBuffer(data: vCard))
            #expect(imported.status == .ok, "\(imported.body.string)")
            let items = try await app.json(.GET, "/api/v1/wishes/contacts", token: account.token)
                .decoded(as: Components.Schemas.WishContactList.self).items
            let photo = try #require(items.first?.photoUrl ?? nil)
            let kept = try await WishPhotoRecord.query(on: app.db).all()
            let keptID = try #require(kept.first?.id?.uuidString.lowercased())
            #expect(kept.count == 1 && photo.hasSuffix(keptID))
            #expect(kept.first?.purpose == WishPhotoRecord.contactPurpose)
        }
    }

    private static func put(_ data: Data, at url: String) async throws {
        var request = HTTPClientRequest(url: url)
        request.method = .PUT
        request.body = .bytes(ByteBuffer(data: data))
        _ = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
    }

    private static func requests(_ origin: String) async throws -> [String] {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: origin + "/__requests"), timeout: .seconds(10))
        return try JSONDecoder().decode([String].self, from: Data(buffer: try await response.body.collect(upTo: 1 << 20)))
    }
}
