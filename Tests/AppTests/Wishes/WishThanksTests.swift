import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// A recipient thanks for an in-app wish: a note into the sender's Inbox, once.
@Suite struct WishThanksAppTests {
    @Test func aThankYou_landsInTheSendersInbox_once_andOnlyItsRecipientCanSayIt() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let bob = try await app.signUp(name: "Bob Friend", email: "bob@example.com")
            let eve = try await app.signUp(name: "Eve", email: "eve@example.com")
            _ = try await app.scheduleWish(from: ann, to: ["bob@example.com"], reach: .inApp, subject: "Happy birthday, Bob")
            try await app.makeWishDispatcher().runOnce(now: testNow.addingTimeInterval(300))
            let inboxResponse = try await app.json(.GET, "/api/v1/wishes?box=inbox", token: bob.token)
            let wish = try #require(try inboxResponse.decoded(as: Components.Schemas.WishList.self).items.first)
            let id = wish.id
            // Raw on purpose: `thankedAt` is present as `null` until thanks are said, which decoding cannot tell from a
            // missing member.
            let rawWish = try #require((try inboxResponse.jsonObject()["items"] as? [[String: Any]])?.first)
            #expect(rawWish["thankedAt"] is NSNull)

            let empty = try await app.json(.POST, "/api/v1/wishes/\(id)/thanks", body: ["message": "  "], token: bob.token)
            #expect(empty.status == .unprocessableEntity)
            #expect(try await app.json(.POST, "/api/v1/wishes/\(id)/thanks", body: ["message": "Hi"], token: eve.token).status == .notFound)
            let thanked = try await app.json(.POST, "/api/v1/wishes/\(id)/thanks", body: ["message": "Thank you, Ann!"], token: bob.token)
            #expect(thanked.status == .noContent, "\(thanked.body.string)")
            let again = try await app.json(.POST, "/api/v1/wishes/\(id)/thanks", body: ["message": "Thanks again"], token: bob.token)
            #expect(again.status == .conflict)

            let thanks = try await app.json(.GET, "/api/v1/wishes?box=inbox", token: ann.token)
                .decoded(as: Components.Schemas.WishList.self).items
            #expect(thanks.count == 1)
            #expect(thanks.first?.subject == "Re: Happy birthday, Bob")
            #expect(thanks.first?.message == "Thank you, Ann!" && thanks.first?.occasion == .thankYou)
            #expect(thanks.first?.from?.name == "Bob Friend")
            #expect(thanks.first?.kind == .thanks && thanks.first?.about != nil)
            let thanksID = try #require(thanks.first?.id)
            let back = try await app.json(.POST, "/api/v1/wishes/\(thanksID)/thanks", body: ["message": "You're welcome"], token: ann.token)
            #expect(back.status == .notFound, "a thank-you is not thanked for in turn")
            let after = try await app.json(.GET, "/api/v1/wishes/\(id)", token: bob.token).decoded(as: Components.Schemas.Wish.self)
            #expect(after.thankedAt != nil)
            let eveCounts = try await app.json(.GET, "/api/v1/wishes/counts", token: eve.token)
                .decoded(as: Components.Schemas.WishCounts.self)
            #expect(eveCounts.inbox == 0)
        }
    }

    @Test func thePage_saysThanksOnce_andNamesAWrongNote() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let (web, bob) = try await app.signedInWebClient()
            _ = try await app.scheduleWish(from: ann, to: [bob.email], reach: .inApp)
            try await app.makeWishDispatcher().runOnce(now: testNow.addingTimeInterval(300))
            let inbox = try await app.json(.GET, "/api/v1/wishes?box=inbox", token: bob.token).decoded(as: Components.Schemas.WishList.self)
            let id = try #require(inbox.items.first?.id)
            let page = try await web.get("/wishes/\(id)").body.string
            #expect(page.contains("id=\"wish-thanks\""))
            let long = try await web.post(
                "/wishes/\(id)/thanks", fields: [("message", String(repeating: "x", count: 501))], csrfPage: "/wishes/\(id)")
            #expect(long.status == .unprocessableEntity && long.body.string.contains("A thank-you has at most 500 characters."))
            let sent = try await web.post("/wishes/\(id)/thanks", fields: [("message", "Thank you!")], csrfPage: "/wishes/\(id)")
            #expect(sent.status == .seeOther && sent.headers.first(name: .location) == "/wishes/\(id)?done=thanked")
            let after = try await web.get("/wishes/\(id)?done=thanked").body.string
            #expect(after.contains("Your thanks are on their way.") && after.contains("You said thanks on"))
            #expect(!after.contains("id=\"wish-thanks\""))
        }
    }
}
