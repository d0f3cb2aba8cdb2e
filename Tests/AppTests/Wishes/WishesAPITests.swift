import Fluent
import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

@Suite struct WishesAPITests {
    /// A wish body due `minutes` after the test clock's now (UTC).
    private func body(
        to recipients: [String] = ["bob@example.com"], minutes: Int = 60, channels: [String] = ["in-app"],
        subject: String = "Happy birthday", message: String = "All the best!", occasion: String = "birthday"
    ) -> [String: Any] {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let local = String(formatter.string(from: testNow.addingTimeInterval(Double(minutes) * 60)).prefix(16))
        return [
            "occasion": occasion, "subject": subject, "message": message, "recipients": recipients, "sendAt": local,
            "timeZone": "UTC", "channels": channels,
        ]
    }

    private func fields(_ response: TestingHTTPResponse) throws -> [String: String] {
        try #require(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties)
    }

    @Test func occasions_listFiveWithTheirStockTextsAndCards_inTheCallersLanguage_andTheChannelsThisServerHas() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp()
            let response = try await app.json(.GET, "/api/v1/wishes/occasions", token: ann.token, headers: ["Accept-Language": "de"])
            #expect(response.status == .ok)
            let offered = try response.decoded(as: Components.Schemas.WishOccasions.self)
            #expect(offered.defaultOccasion == .birthday)
            let occasions = offered.occasions
            #expect(occasions.map(\.id.rawValue) == Occasion.allCases.map(\.rawValue))
            let birthday = try #require(occasions.first { $0.id == .birthday })
            #expect(birthday.name == "Geburtstag")
            #expect(birthday.texts.count == 3)
            let photos = birthday.photos
            #expect(photos.first?.id == "stock:birthday-1")
            #expect(photos.first?.url == "/images/wishes/cards/birthday-1.svg")
            #expect(
                offered.channels.map { "\($0.id.rawValue)=\($0.available)" } == [
                    "email=false", "connections=false", "in-app=true",
                ])
        }
    }

    @Test func aWish_isScheduled_shown_changed_andDeleted_withItsDeliveriesCancelled() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp()
            let created = try await app.json(
                .POST, "/api/v1/wishes", body: body(to: ["Bob@Example.com", "kim@example.com"]), token: ann.token)
            #expect(created.status == .created)
            let wish = try created.decoded(as: Components.Schemas.Wish.self)
            let id = wish.id
            #expect(created.headers.first(name: .location) == "/api/v1/wishes/\(id)")
            #expect(wish.box == .scheduled)
            #expect(wish.recipients == ["bob@example.com", "kim@example.com"])
            // Raw on purpose: the time as written (whole seconds, `Z`), which the decoded `Date` does not keep.
            #expect(try created.jsonObject()["at"] as? String == "2027-01-15T09:00:00Z")
            let utc = TimeZone(identifier: "UTC")!.identifier
            #expect(wish.sendAt == Components.Schemas.Wish.SendAtPayload(local: "2027-01-15T09:00", timeZone: utc))
            // Raw on purpose: `sendAt` has exactly these two members, which decoding does not check (it skips members the
            // document does not declare).
            #expect(Set((try created.jsonObject()["sendAt"] as? [String: Any] ?? [:]).keys) == ["local", "timeZone"])
            #expect(wish.deliveries.map(\.state) == [.pending, .pending])

            var changed = body(to: ["kim@example.com"], minutes: 90, subject: "Alles Gute")
            changed["photo"] = "stock:birthday-3"
            let replaced = try await app.json(.PUT, "/api/v1/wishes/\(id)", body: changed, token: ann.token)
            #expect(replaced.status == .ok)
            let after = try replaced.decoded(as: Components.Schemas.Wish.self)
            #expect(after.subject == "Alles Gute" && after.recipients == ["kim@example.com"])
            #expect(after.photo?.id == "stock:birthday-3")
            // Raw on purpose: the time as written (whole seconds, `Z`), which the decoded `Date` does not keep.
            #expect(try replaced.jsonObject()["at"] as? String == "2027-01-15T09:30:00Z")
            let deliveries = try await WishesRepository(database: app.db).deliveries(of: try #require(UUID(uuidString: id)))
            #expect(
                deliveries.map { "\($0.recipient ?? "") \($0.dueAt.timeIntervalSince1970)" } == [
                    "kim@example.com \(testNow.addingTimeInterval(5400).timeIntervalSince1970)"
                ])

            #expect(try await app.json(.DELETE, "/api/v1/wishes/\(id)", token: ann.token).status == .noContent)
            #expect(try await app.json(.GET, "/api/v1/wishes/\(id)", token: ann.token).status == .notFound)
            let cancelled = try await WishesRepository(database: app.db).deliveries(of: try #require(UUID(uuidString: id)))
            #expect(cancelled.map(\.state) == [.cancelled])
            #expect(
                try await WishDeliveryQueue(database: app.db, owner: "t").claim(
                    now: testNow.addingTimeInterval(86_400), lease: 60, limit: 10
                ).isEmpty)
        }
    }

    @Test func badWishes_areRefusedNamingEveryProblem_andNothingIsStored() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp()
            var bad = body(to: ["not-an-address"], minutes: -60, channels: ["email", "pigeon"], subject: "", occasion: "halloween")
            bad["photo"] = "upload:\(UUID().uuidString)"
            bad["extra"] = true
            let response = try await app.json(.POST, "/api/v1/wishes", body: bad, token: ann.token)
            #expect(response.status == .unprocessableEntity)
            let problems = try fields(response)
            #expect(Set(problems.keys) == ["occasion", "subject", "recipients", "sendAt", "channels", "extra"])

            // A photo another user uploaded, and a channel this server has not set up.
            var foreign = body(channels: ["email"])
            foreign["photo"] = "upload:\(UUID().uuidString)"
            let refused = try await app.json(.POST, "/api/v1/wishes", body: foreign, token: ann.token)
            #expect(refused.status == .unprocessableEntity)
            #expect(Set(try fields(refused).keys) == ["photo"])
            // Only then is e-mail checked: this server sends none.
            foreign["photo"] = nil
            let noMail = try await app.json(.POST, "/api/v1/wishes", body: foreign, token: ann.token)
            #expect(
                try fields(noMail)
                    == ["reach": "This server sends no e-mail, so bob@example.com can get it only in their Kinetic inbox."])

            #expect(try await app.json(.POST, "/api/v1/wishes", rawBody: "{", token: ann.token).status == .badRequest)
            #expect(try await app.json(.POST, "/api/v1/wishes", rawBody: "[1]", token: ann.token).status == .unprocessableEntity)
            let counts = try await app.json(.GET, "/api/v1/wishes/counts", token: ann.token).decoded(as: Components.Schemas.WishCounts.self)
            #expect(counts.scheduled == 0)
            #expect(try await app.json(.POST, "/api/v1/wishes", body: body(), token: nil).status == .unauthorized)
        }
    }

    @Test func anotherUsersWish_isNeverFound_andABatchNamingOne_isRefusedWhole() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp(), eve = try await app.signUp()
            let mine = try await app.json(.POST, "/api/v1/wishes", body: body(), token: ann.token)
                .decoded(as: Components.Schemas.Wish.self).id
            let hers = try await app.json(.POST, "/api/v1/wishes", body: body(), token: eve.token)
                .decoded(as: Components.Schemas.Wish.self).id
            for (method, path) in [
                (HTTPMethod.GET, "/api/v1/wishes/\(hers)"), (.DELETE, "/api/v1/wishes/\(hers)"), (.GET, "/api/v1/wishes/not-a-uuid"),
            ] {
                #expect(try await app.json(method, path, token: ann.token).status == .notFound, "\(method) \(path)")
            }
            #expect(try await app.json(.PUT, "/api/v1/wishes/\(hers)", body: body(), token: ann.token).status == .notFound)
            let listed = try await app.json(.GET, "/api/v1/wishes?box=scheduled", token: ann.token)
                .decoded(as: Components.Schemas.WishList.self)
            #expect(listed.items.map(\.id) == [mine])

            let batch = try await app.json(.POST, "/api/v1/wishes/delete", body: ["ids": [mine, hers]], token: ann.token)
            #expect(batch.status == .notFound)
            #expect(Set(try fields(batch).keys) == ["ids[1]"])
            #expect(try await app.json(.GET, "/api/v1/wishes/\(mine)", token: ann.token).status == .ok)
            #expect(try await app.json(.GET, "/api/v1/wishes/\(hers)", token: eve.token).status == .ok)
            #expect(try await app.json(.POST, "/api/v1/wishes/delete", body: ["ids": []], token: ann.token).status == .unprocessableEntity)
            #expect(try await app.json(.GET, "/api/v1/wishes/delete", token: ann.token).status == .methodNotAllowed)
            #expect(try await app.json(.POST, "/api/v1/wishes/delete", body: ["ids": [mine]], token: ann.token).status == .noContent)
            #expect(try await app.json(.GET, "/api/v1/wishes/\(mine)", token: ann.token).status == .notFound)
        }
    }

    @Test func aWishBeingSent_cannotBeChangedOrDeleted_andSaysSo() async throws {
        try await withKinetic { app in
            let ann = try await app.signUp()
            let id = try await app.json(.POST, "/api/v1/wishes", body: body(minutes: 1), token: ann.token)
                .decoded(as: Components.Schemas.Wish.self).id
            let claimed = try await WishDeliveryQueue(database: app.db, owner: "other").claim(
                now: testNow.addingTimeInterval(60), lease: 300, limit: 10)
            #expect(claimed.count == 1)
            let deleting = try await app.json(.DELETE, "/api/v1/wishes/\(id)", token: ann.token)
            #expect(deleting.status == .conflict)
            #expect(try deleting.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "conflict")
            #expect(try await app.json(.PUT, "/api/v1/wishes/\(id)", body: body(), token: ann.token).status == .conflict)
            // Nothing changed: the delivery is still the sender's to finish.
            #expect(
                try await WishesRepository(database: app.db).deliveries(of: try #require(UUID(uuidString: id))).map(\.state) == [.sending])
        }
    }
}
