import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// Wishes filled in offline reach the server from the phone's outbox (the service worker's): a
/// form with an `Idempotency-Key`, sent again when an answer was lost, and a wish's form sent
/// straight to Confirm, its photo as a file, never previewed.
@Suite struct WishesOfflineWebTests {
    private let wish = [
        ("occasion", "birthday"), ("subject", "Hi"), ("message", "Hello"), ("photo", ""), ("recipients", "sam@example.com"),
        ("sendDate", "2027-01-15"), ("sendTime", "10:00"), ("_outbox", "Wish to sam@example.com: Hi"),
    ]

    @Test func aWishSentTwiceWithOneKey_isScheduledOnce_andTheSecondGetsTheFirstsRedirect() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let key: HTTPHeaders = ["Idempotency-Key": UUID().uuidString]
            let first = try await web.post("/wishes", fields: wish, csrfPage: "/wishes/new", headers: key)
            #expect(first.status == .seeOther)
            #expect(first.headers.first(name: .location) == "/wishes?done=scheduled")
            let again = try await web.post("/wishes", fields: wish, csrfPage: "/wishes/new", headers: key)
            #expect(again.status == .seeOther && again.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(again.headers.first(name: .location) == "/wishes?done=scheduled")
            // Without a key, the same form is a second wish: the key is what makes a resend safe.
            _ = try await web.post("/wishes", fields: wish, csrfPage: "/wishes/new")
            let counts = try await app.json(.GET, "/api/v1/wishes/counts", token: account.token)
                .decoded(as: Components.Schemas.WishCounts.self)
            #expect(counts.scheduled == 2)
        }
    }

    @Test func aWishRefusedFromTheOutbox_isNotKeptUnderItsKey_soItsFixIsTaken() async throws {
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let key: HTTPHeaders = ["Idempotency-Key": UUID().uuidString]
            let wrong = wish.map { $0.0 == "recipients" ? ($0.0, "sam@") : $0 }
            let refused = try await web.post("/wishes", fields: wrong, csrfPage: "/wishes/new", headers: key)
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("class=\"field-error\""), "the page says what is wrong, for the phone to show")
            // Sent again, as the phone does, it is refused again: nothing was kept under the key.
            let again = try await web.post("/wishes", fields: wrong, csrfPage: "/wishes/new", headers: key)
            #expect(again.status == .unprocessableEntity && again.headers.first(name: "Idempotent-Replayed") == nil)
            let counts = try await app.json(.GET, "/api/v1/wishes/counts", token: account.token)
                .decoded(as: Components.Schemas.WishCounts.self)
            #expect(counts.scheduled == 0)
        }
    }

    @Test func aWishComposedOffline_goesStraightToConfirmWithItsPhotoFile() async throws {
        let png = try await ImageFixtures.picture(width: 300, height: 200, codec: "png")
        try await withKinetic { app in
            let (web, account) = try await app.signedInWebClient()
            let file = WebClient.FormFile(field: "photoFile", fileName: "me.png", contentType: "image/png", data: png)
            let confirmed = try await web.postMultipart("/wishes", fields: wish, file: file, csrfPage: "/wishes/new")
            #expect(confirmed.status == .seeOther, "\(confirmed.body.string.prefix(300))")
            let list = try await app.json(.GET, "/api/v1/wishes?box=scheduled", token: account.token)
                .decoded(as: Components.Schemas.WishList.self)
            let scheduled = try #require(list.items.first)
            let photo = try #require(scheduled.photo)
            #expect(photo.id.hasPrefix("upload:") && photo.url.contains("/photos/"), "the file became the wish's own photo: \(photo)")
            // A file that is not a picture: the form again, saying so at the photo, nothing scheduled.
            let text = WebClient.FormFile(
                field: "photoFile", fileName: "me.png", contentType: "image/png", data: Data("not a picture".utf8))
            let refused = try await web.postMultipart("/wishes", fields: wish, file: text, csrfPage: "/wishes/new")
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.string.contains("id=\"field-photo-error\"") || refused.body.string.contains("class=\"field-error\""))
            let counts = try await app.json(.GET, "/api/v1/wishes/counts", token: account.token)
                .decoded(as: Components.Schemas.WishCounts.self)
            #expect(counts.scheduled == 1)
        }
    }

    @Test func theFormsThatMayWaitOffline_nameThemselves_andTheirPagesListWhatWaits() async throws {
        try await withKinetic { app in
            let (web, _) = try await app.signedInWebClient()
            for path in ["/wishes", "/wishes/new", "/wishes/contacts", "/wishes/contacts/new"] {
                let html = try await web.get(path).body.string
                #expect(html.contains("data-outbox=\"wishes\""), "\(path) lists the wishes waiting to send")
                #expect(html.contains("js/shared/outbox"), "\(path) loads the outbox's script")
            }
            #expect(try await web.get("/wishes/new").body.string.contains("data-offline-queue=\"Wish to %1$@: %2$@\""))
            #expect(try await web.get("/wishes/contacts/new").body.string.contains("data-offline-summary=\"name|email\""))
        }
    }
}
