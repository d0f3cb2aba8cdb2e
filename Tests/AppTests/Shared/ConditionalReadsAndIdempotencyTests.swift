import Foundation
import KineticAPI
import Testing
import VaporTesting

@testable import App

/// What a native app needs to poll cheaply and retry safely: `ETag` and `If-None-Match` on the
/// API's reads, `Idempotency-Key` on its `POST`s.
@Suite struct ConditionalReadsAndIdempotencyTests {
    private func wish(to recipient: TestAccount, subject: String = "Happy birthday") -> [String: Any] {
        [
            "occasion": "birthday", "subject": subject, "message": "See you at the park!",
            "recipients": [["address": recipient.email, "reach": "in-app"]], "sendAt": "2027-03-14T09:00", "timeZone": "UTC",
        ]
    }

    private func scheduled(_ app: Application, _ account: TestAccount) async throws -> [Components.Schemas.Wish] {
        try await app.json(.GET, "/api/v1/wishes?box=scheduled", token: account.token).decoded(as: Components.Schemas.WishList.self).items
    }

    @Test func aRead_carriesAnETag_answers304WhileUnchanged_and200OnceItChanges() async throws {
        try await withKinetic { app in
            let ana = try await app.signUp()
            let goals = "/api/v1/profile/\(ana.customerId)/goals"
            let first = try await app.json(.GET, goals, token: ana.token)
            #expect(first.status == .ok)
            let tag = try #require(first.headers.first(name: .eTag))
            #expect(tag.hasPrefix("\"") && tag.count == 34)

            for field in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
                let again = try await app.json(.GET, goals, token: ana.token, headers: ["If-None-Match": field])
                #expect(again.status == .notModified, "\(field)")
                #expect(again.body.readableBytes == 0 && again.headers.first(name: .eTag) == tag)
            }
            let other = try await app.json(.GET, goals, token: ana.token, headers: ["If-None-Match": "\"someone-else\""])
            #expect(other.status == .ok && other.headers.first(name: .eTag) == tag)

            let session = try await app.json(
                .POST, "/api/v1/jump-sessions",
                body: ["date": "2027-01-14", "numberOfJumps": 800, "parkName": "Plainfield", "startTime": "10:00", "endTime": "11:00"],
                token: ana.token)
            #expect(session.status == .created)
            let changed = try await app.json(.GET, goals, token: ana.token, headers: ["If-None-Match": tag])
            #expect(changed.status == .ok)
            #expect(changed.headers.first(name: .eTag) != tag)
            let months = try changed.decoded(as: [Components.Schemas.GoalMonth].self)
            #expect(months.first { $0.date == "2027-01" }?.jump?.currentProgress == 800)

            // A tag names bytes: Ben's goals are not Ana's, so her tag gets him his own.
            let ben = try await app.signUp()
            let anas = try #require(changed.headers.first(name: .eTag))
            let bens = try await app.json(
                .GET, "/api/v1/profile/\(ben.customerId)/goals", token: ben.token, headers: ["If-None-Match": anas])
            #expect(bens.status == .ok)
            #expect(try bens.decoded(as: [Components.Schemas.GoalMonth].self).first { $0.date == "2027-01" }?.jump?.currentProgress == 0)
        }
    }

    @Test func thePollsOfANativeApp_allCarryETags() async throws {
        try await withKinetic { app in
            let ana = try await app.signUp()
            for path in [
                "/api/v1/steps/daily?from=2027-01-01&to=2027-01-31", "/api/v1/workouts", "/api/v1/reports/categories/root",
                "/api/v1/wishes?box=inbox", "/api/v1/wishes/counts", "/api/v1/profile",
            ] {
                let first = try await app.json(.GET, path, token: ana.token)
                let tag = first.headers.first(name: .eTag)
                #expect(first.status == .ok && tag != nil, "\(path): \(first.status)")
                let again = try await app.json(.GET, path, token: ana.token, headers: ["If-None-Match": tag ?? ""])
                #expect(again.status == .notModified, "\(path)")
            }
        }
    }

    @Test func aRetriedPost_withTheSameKey_createsNothingTwice_andGetsTheFirstAnswer() async throws {
        try await withKinetic { app in
            let ana = try await app.signUp()
            let ben = try await app.signUp()
            let key = UUID().uuidString
            let first = try await app.json(
                .POST, "/api/v1/wishes", body: wish(to: ben), token: ana.token, headers: ["Idempotency-Key": key])
            #expect(first.status == .created)
            let again = try await app.json(
                .POST, "/api/v1/wishes", body: wish(to: ben), token: ana.token, headers: ["Idempotency-Key": key])
            #expect(again.status == .created)
            #expect(again.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(first.headers.first(name: "Idempotent-Replayed") == nil)
            let created = try first.decoded(as: Components.Schemas.Wish.self)
            #expect(try again.decoded(as: Components.Schemas.Wish.self).id == created.id)
            #expect(again.headers.first(name: .location) == first.headers.first(name: .location))
            #expect(try await scheduled(app, ana).map(\.id) == [created.id])

            // Without a key, a second request is a second wish, as before.
            #expect(try await app.json(.POST, "/api/v1/wishes", body: wish(to: ben), token: ana.token).status == .created)
            #expect(try await scheduled(app, ana).count == 2)
        }
    }

    @Test func aKey_namesOneRequest_isAUUID_andBelongsToItsAccount() async throws {
        try await withKinetic { app in
            let ana = try await app.signUp()
            let ben = try await app.signUp()
            let key = UUID().uuidString
            _ = try await app.json(.POST, "/api/v1/wishes", body: wish(to: ben), token: ana.token, headers: ["Idempotency-Key": key])

            let other = try await app.json(
                .POST, "/api/v1/wishes", body: wish(to: ben, subject: "Another"), token: ana.token, headers: ["Idempotency-Key": key])
            #expect(other.status == .unprocessableEntity)
            #expect(try other.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "idempotency_key_reused")
            let elsewhere = try await app.json(
                .POST, "/api/v1/themes", body: ["name": "Run", "kind": "genre", "value": "Rock", "workouts": 2], token: ana.token,
                headers: ["Idempotency-Key": key])
            #expect(elsewhere.status == .unprocessableEntity, "the same key on another route is another request")

            for bad in ["", "not-a-uuid", String(repeating: "a", count: 300), "\(key)x"] {
                let refused = try await app.json(
                    .POST, "/api/v1/wishes", body: wish(to: ben), token: ana.token, headers: ["Idempotency-Key": bad])
                #expect(refused.status == .unprocessableEntity, "\(bad)")
                #expect(
                    try refused.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties["Idempotency-Key"]
                        != nil)
            }

            // Ben's request with Ana's key is Ben's own: it runs, and sees nothing of Ana's.
            let bens = try await app.json(.POST, "/api/v1/wishes", body: wish(to: ana), token: ben.token, headers: ["Idempotency-Key": key])
            #expect(bens.status == .created && bens.headers.first(name: "Idempotent-Replayed") == nil)
            #expect(try bens.decoded(as: Components.Schemas.Wish.self).to.map(\.address) == [ana.email])
            #expect(try await scheduled(app, ana).count == 1)
        }
    }

    @Test func aFailedRequest_isNotKept_soItsRetryRuns() async throws {
        try await withKinetic { app in
            let ana = try await app.signUp()
            let ben = try await app.signUp()
            let key = UUID().uuidString
            var body = wish(to: ben)
            body["sendAt"] = "2001-01-01T09:00"
            let past = try await app.json(.POST, "/api/v1/wishes", body: body, token: ana.token, headers: ["Idempotency-Key": key])
            #expect(past.status == .unprocessableEntity)
            let fixed = try await app.json(
                .POST, "/api/v1/wishes", body: wish(to: ben), token: ana.token, headers: ["Idempotency-Key": key])
            #expect(fixed.status == .created && fixed.headers.first(name: "Idempotent-Replayed") == nil)
        }
    }

    @Test func aKey_isKeptADay() async throws {
        let clock = TestClock(testNow)
        try await withKinetic(clock: clock) { app in
            let ana = try await app.signUp()
            let ben = try await app.signUp()
            let key = UUID().uuidString
            _ = try await app.json(.POST, "/api/v1/wishes", body: wish(to: ben), token: ana.token, headers: ["Idempotency-Key": key])
            clock.advance(by: 23 * 3600)
            let replayed = try await app.json(
                .POST, "/api/v1/wishes", body: wish(to: ben), token: ana.token, headers: ["Idempotency-Key": key])
            #expect(replayed.headers.first(name: "Idempotent-Replayed") == "true")
            clock.advance(by: 2 * 3600)
            let ranAgain = try await app.json(
                .POST, "/api/v1/wishes", body: wish(to: ben), token: ana.token, headers: ["Idempotency-Key": key])
            #expect(ranAgain.status == .created && ranAgain.headers.first(name: "Idempotent-Replayed") == nil)
            #expect(try await scheduled(app, ana).count == 2)
        }
    }

    @Test func concurrentRetries_withOneKey_createOneWish() async throws {
        try await withKinetic { app in
            let ana = try await app.signUp()
            let ben = try await app.signUp()
            let key = UUID().uuidString
            let statuses = try await withThrowingTaskGroup(of: UInt.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await app.json(
                            .POST, "/api/v1/wishes", body: wish(to: ben), token: ana.token, headers: ["Idempotency-Key": key]
                        ).status.code
                    }
                }
                return try await group.reduce(into: [UInt]()) { $0.append($1) }
            }
            #expect(Set(statuses).isSubset(of: [201, 409]) && statuses.contains(201), "\(statuses)")
            #expect(try await scheduled(app, ana).count == 1)
        }
    }

    @Test func anUpload_withAKey_isStoredOnce() async throws {
        try await withKinetic { app in
            let ana = try await app.signUp()
            let picture = try await ImageFixtures.picture(width: 320, height: 240)
            var headers: HTTPHeaders = ["Idempotency-Key": UUID().uuidString, "Content-Type": "image/jpeg"]
            headers.bearerAuthorization = BearerAuthorization(token: ana.token)
            let first = try await app.testing().sendRequest(
                .POST, "/api/v1/wishes/photos", headers: headers, body: ByteBuffer(data: picture))
            let again = try await app.testing().sendRequest(
                .POST, "/api/v1/wishes/photos", headers: headers, body: ByteBuffer(data: picture))
            #expect(first.status == .created && again.status == .created)
            #expect(try first.decoded(as: Components.Schemas.WishPhoto.self).id == again.decoded(as: Components.Schemas.WishPhoto.self).id)
            let stored = try await IdempotentRequest.query(on: app.db).count()
            #expect(stored == 1)
        }
    }
}
