import Fluent
import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

@Suite struct WishListsAPITests {
    /// Every page of `box` (with `query`), following the cursors; the ids in order.
    private func allPages(_ app: Application, _ account: TestAccount, _ query: String) async throws -> (ids: [String], pages: Int) {
        var ids: [String] = [], pages = 0
        var cursor: String?
        repeat {
            let path = "/api/v1/wishes?\(query)" + (cursor.map { "&cursor=\($0)" } ?? "")
            let response = try await app.json(.GET, path, token: account.token)
            #expect(response.status == .ok, "\(path)")
            let list = try response.decoded(as: Components.Schemas.WishList.self)
            ids += list.items.map(\.id)
            cursor = list.nextCursor
            pages += 1
        } while cursor != nil && pages < 50
        return (ids, pages)
    }

    /// The counts of `account`'s lists.
    private func counts(_ app: Application, _ account: TestAccount) async throws -> Components.Schemas.WishCounts {
        try await app.json(.GET, "/api/v1/wishes/counts", token: account.token).decoded(as: Components.Schemas.WishCounts.self)
    }

    /// Arrival times have fractions of a second, which PostgreSQL keeps to the microsecond and
    /// PostgresNIO may read back one microsecond off: paging still shows every item once,
    /// including those that arrived together across a page's end (three at a time; with this
    /// step both page ends fall on times that come back one microsecond early).
    @Test func inbox_pagesNewestFirst_throughFractionalTimes_andNoItemTwiceOrMissing() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp()
            let annID = try #require(UUID(uuidString: ann.customerId))
            var expected: [(Date, UUID)] = []
            for index in 0..<47 {
                let at = testNow.addingTimeInterval(-Double(index / 3) * 0.123_459)
                let item = InboxWishRecord(
                    of: (UUID(), .birthday, "Item \(index)", "Hi", nil), deliveryID: UUID(), recipientID: annID, senderName: "Bob",
                    senderEmail: "bob@example.com", at: at)
                try await item.create(on: app.db)
                expected.append((at, try item.requireID()))
            }
            let inbox = try await allPages(app, ann, "box=inbox")
            #expect(inbox.pages == 3)
            #expect(inbox.ids.count == 47 && Set(inbox.ids).count == 47)
            #expect(Set(inbox.ids) == Set(expected.map { $0.1.uuidString }))
        }
    }

    @Test func scheduled_pagesSoonestFirst_withKeysetCursors_andNoWishTwiceOrMissing() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp()
            var expected: [(Date, UUID)] = []
            // 45 wishes; three share one minute, so the id decides among them.
            for index in 0..<45 {
                let minutes = index < 3 ? 10 : 60 * (45 - index)
                let wish = try await app.scheduleWish(
                    from: ann, to: ["bob@example.com"], channels: [.inApp], inSeconds: minutes * 60, subject: "Wish \(index)")
                expected.append((wish.sendAt, wish.id))
            }
            let order = expected.sorted { ($0.0, $0.1.uuidString) < ($1.0, $1.1.uuidString) }.map(\.1.uuidString)
            let scheduled = try await allPages(app, ann, "box=scheduled")
            #expect(scheduled.pages == 3)
            #expect(Set(scheduled.ids).count == 45)
            #expect(scheduled.ids == order)

            #expect(try await app.json(.GET, "/api/v1/wishes?box=drafts", token: ann.token).status == .unprocessableEntity)
            #expect(try await app.json(.GET, "/api/v1/wishes?box=sent&cursor=12_nope", token: ann.token).status == .unprocessableEntity)
            #expect(try await app.json(.GET, "/api/v1/wishes?box=sent&occasion=halloween", token: ann.token).status == .unprocessableEntity)
        }
    }

    /// "Carla birthday" finds "Happy birthday, Carla": every word, in any order, each the start
    /// of a word; the wishes that have them in the subject first, then in the recipients, then
    /// in the message, and through every page and the message view's arrows in that order.
    @Test func search_findsEveryWordInAnyOrder_bestMatchesFirst_acrossPages() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp()
            let inMessage = try await app.scheduleWish(
                from: ann, to: ["dan@example.com"], reach: .inApp, inSeconds: 600, subject: "Cake", message: "For Carla's birthday")
            let inSubject = try await app.scheduleWish(
                from: ann, to: ["dan@example.com"], reach: .inApp, inSeconds: 1_200, subject: "Happy birthday, Carla",
                message: "All the best")
            let inPeople = try await app.scheduleWish(
                from: ann, to: ["carla@example.com"], reach: .inApp, inSeconds: 300, subject: "Happy Birthday!", message: "Cheers")
            _ = try await app.scheduleWish(
                from: ann, to: ["carla@example.com"], reach: .inApp, inSeconds: 900, subject: "Congratulations", message: "Well done")
            var ranked: [String] = []
            var cursor: String?
            repeat {
                let page = try await app.json(
                    .GET, "/api/v1/wishes?box=scheduled&q=carl%20BIRTHDAY" + (cursor.map { "&cursor=\($0)" } ?? ""), token: ann.token
                ).decoded(as: Components.Schemas.WishList.self)
                ranked += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(ranked == [inSubject.id, inPeople.id, inMessage.id].map(\.uuidString))
            // A list's cursor is no search's, nor the other way round.
            let listCursor = WishListCursor(seconds: 1, id: UUID()).token
            let mixed = try await app.json(.GET, "/api/v1/wishes?box=scheduled&q=carla&cursor=\(listCursor)", token: ann.token)
            #expect(mixed.status == .unprocessableEntity)

            let anns = WishBoxes(database: app.db, userID: try #require(UUID(uuidString: ann.customerId)))
            let filter = WishListFilter(phrase: "carl birthday")
            let firstPage = try await anns.page(.scheduled, filter: filter, limit: 1)
            #expect(firstPage.items.map(\.id) == [inSubject.id] && firstPage.next?.score == 6)
            let second = try await anns.page(.scheduled, filter: filter, after: firstPage.next, limit: 1)
            #expect(second.items.map(\.id) == [inPeople.id])
            let middle = try #require(second.items.first)
            let arrows = try await anns.neighbours(of: middle, filter: filter)
            #expect(arrows.previous == inSubject.id && arrows.next == inMessage.id)
        }
    }

    @Test func search_findsByTextAndOccasion_inEachListOnItsOwn_andRemembersTheLastFivePhrases() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp()
            _ = try await app.scheduleWish(
                from: ann, to: ["bob@example.com"], channels: [.inApp], subject: "Glückwunsch, Bob", message: "Zum 40. alles Gute")
            _ = try await app.scheduleWish(
                from: ann, to: ["kim@example.com"], channels: [.inApp], subject: "Happy birthday Kim", message: "50% more cake")
            #expect(try await allPages(app, ann, "box=scheduled&q=gluckwunsch").ids.count == 1)
            #expect(try await allPages(app, ann, "box=scheduled&q=KIM%40EXAMPLE").ids.count == 1)
            #expect(try await allPages(app, ann, "box=scheduled&q=50%25").ids.count == 1)
            #expect(try await allPages(app, ann, "box=scheduled&q=%25").ids.isEmpty, "no word to look for, nothing found")
            #expect(try await allPages(app, ann, "box=scheduled&q=_").ids.isEmpty)
            #expect(try await allPages(app, ann, "box=scheduled&occasion=birthday").ids.count == 2)
            #expect(try await allPages(app, ann, "box=scheduled&occasion=thank-you").ids.isEmpty)
            #expect(try await allPages(app, ann, "box=inbox&q=bob").ids.isEmpty)

            for phrase in ["six", "five", "four", "three", "two", "Five"] {
                _ = try await app.json(.GET, "/api/v1/wishes?box=sent&q=\(phrase)", token: ann.token)
            }
            let history = try await app.json(.GET, "/api/v1/wishes/search-history?box=sent", token: ann.token)
                .decoded(as: Components.Schemas.WishSearchHistory.self)
            #expect(history.phrases == ["Five", "two", "three", "four", "six"])
            let scheduledHistory = try await app.json(.GET, "/api/v1/wishes/search-history?box=scheduled", token: ann.token)
                .decoded(as: Components.Schemas.WishSearchHistory.self)
            #expect(scheduledHistory.phrases == ["_", "%", "50%", "KIM@EXAMPLE", "gluckwunsch"])
            let other = try await app.signUp()
            let othersHistory = try await app.json(.GET, "/api/v1/wishes/search-history?box=sent", token: other.token)
                .decoded(as: Components.Schemas.WishSearchHistory.self)
            #expect(othersHistory.phrases.isEmpty)
            #expect(try await app.json(.GET, "/api/v1/wishes/search-history", token: ann.token).status == .unprocessableEntity)
        }
    }

    @Test func aDeliveredWish_isUnreadInTheInboxUntilOpened_andSentShowsEachChannelsState() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp(name: "Ann", email: "ann@example.com")
            let bob = try await app.signUp(name: "Bob", email: "bob@example.com")
            let wish = try await app.scheduleWish(
                from: ann, to: ["bob@example.com", "nobody@example.com"], channels: [.email, .inApp], subject: "Für Bob")
            try await WishDispatcher(database: app.db, queue: WishDeliveryQueue(database: app.db, owner: "t")).runOnce(
                now: testNow.addingTimeInterval(300))

            let bobsCounts = try await counts(app, bob)
            #expect(bobsCounts.inbox == 1 && bobsCounts.unread == 1)
            let inboxResponse = try await app.json(.GET, "/api/v1/wishes?box=inbox", token: bob.token)
            let inbox = try inboxResponse.decoded(as: Components.Schemas.WishList.self)
            let item = try #require(inbox.items.first)
            #expect(item.unread)
            #expect(item.from == Components.Schemas.Wish.FromPayload(name: "Ann", email: "ann@example.com"))
            // Raw on purpose: `from` has exactly these two members, which decoding does not check (it skips members the
            // document does not declare).
            let rawItem = try #require((try inboxResponse.jsonObject()["items"] as? [[String: Any]])?.first)
            #expect(Set((rawItem["from"] as? [String: Any] ?? [:]).keys) == ["name", "email"])
            #expect(item.subject == "Für Bob")
            let id = item.id
            let opened = try await app.json(.GET, "/api/v1/wishes/\(id)", token: bob.token).decoded(as: Components.Schemas.Wish.self)
            #expect(!opened.unread)
            #expect(try await counts(app, bob).unread == 0)
            // The sender cannot open the recipient's copy.
            #expect(try await app.json(.GET, "/api/v1/wishes/\(id)", token: ann.token).status == .notFound)

            let sentResponse = try await app.json(.GET, "/api/v1/wishes?box=sent", token: ann.token, headers: ["Accept-Language": "de"])
            let sent = try sentResponse.decoded(as: Components.Schemas.WishList.self)
            let shown = try #require(sent.items.first)
            #expect(shown.id == wish.id.uuidString)
            let deliveries = shown.deliveries
            #expect(
                deliveries.map { "\($0.channel.rawValue) \($0.recipient ?? "") \($0.state.rawValue)" } == [
                    "email bob@example.com failed", "email nobody@example.com failed", "in-app bob@example.com delivered",
                    "in-app nobody@example.com pending",
                ])
            #expect(deliveries[0].reason == "E-Mail ist auf diesem Server nicht eingerichtet")
            #expect(deliveries[3].reason == "Wartet: Noch hat kein Kinetic-Konto diese Adresse bestätigt")
            // Raw on purpose: a delivery without a reason has it present as `null`, which decoding cannot tell from a
            // missing member.
            let rawShown = try #require((try sentResponse.jsonObject()["items"] as? [[String: Any]])?.first)
            let rawDeliveries = try #require(rawShown["deliveries"] as? [[String: Any]])
            #expect(rawDeliveries[2]["reason"] is NSNull)

            // Deleting it from the Inbox leaves the sender's Sent list alone.
            #expect(try await app.json(.POST, "/api/v1/wishes/delete", body: ["ids": [id]], token: bob.token).status == .noContent)
            #expect(try await counts(app, bob).inbox == 0)
            #expect(try await counts(app, ann).sent == 1)
        }
    }
}
