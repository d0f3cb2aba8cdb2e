import Fluent
import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// Parks that report for their members: a park asks with its own key, the member allows it in
/// Settings (or the API) and can stop it; the park sees only its own links and the sessions it
/// reported, and nothing once the member stopped it.
@Suite struct ParkLinksTests {
    private func park(_ app: Application, _ name: String = "Plainfield Trampoline Park") async throws -> String {
        try await ParkKeys(database: app.db).add(name: name, at: app.now).key
    }

    private func session(_ date: String = "2027-01-14", jumps: Int = 2_400, park: String? = nil) -> [String: Any] {
        var body: [String: Any] = ["date": date, "numberOfJumps": jumps, "startTime": "10:00", "endTime": "11:00"]
        if let park { body["parkName"] = park }
        return body
    }

    @Test func aPark_reportsOnlyForAMemberWhoAllowedIt_andSeesOnlyWhatItReported() async throws {
        try await withKinetic { app in
            let key = try await park(app)
            let (web, ana) = try await app.signedInWebClient()
            _ = try await app.json(.POST, "/api/v1/jump-sessions", body: session(park: "At home"), token: ana.token)

            let asked = try await app.json(.POST, "/api/v1/park/links", body: ["email": ana.email, "reference": "4521"], token: key)
            #expect(asked.status == .accepted)
            let link = try asked.decoded(as: Components.Schemas.ParkLink.self)
            #expect(link.status == .pending && link.member == nil && link.reference == "4521")
            let early = try await app.json(.POST, "/api/v1/park/links/\(link.id)/jump-sessions", body: session(), token: key)
            #expect(early.status == .forbidden)
            #expect(try early.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "link_not_approved")

            // Ana sees the request in Settings and allows it.
            let settings = try await web.get("/settings/parks").body.string
            #expect(settings.contains("Plainfield Trampoline Park") && settings.contains("Member no. 4521"))
            let allowed = try await web.post(
                "/settings/parks/\(link.id)", fields: [("answer", "approve")], csrfPage: "/settings/parks")
            #expect(allowed.status == .seeOther)
            let links = try await app.json(.GET, "/api/v1/park/links", token: key).decoded(as: [Components.Schemas.ParkLink].self)
            #expect(links.map(\.status) == [.approved] && links.first?.member?.name == "Test User")

            let reported = try await app.json(.POST, "/api/v1/park/links/\(link.id)/jump-sessions", body: session(), token: key)
            #expect(reported.status == .created)
            #expect(try reported.decoded(as: Components.Schemas.JumpSession.self).parkName == "Plainfield Trampoline Park")
            let again = try await app.json(.POST, "/api/v1/park/links/\(link.id)/jump-sessions", body: session(), token: key)
            #expect(again.status == .ok, "the same session twice is stored once")
            let seen = try await app.json(.GET, "/api/v1/park/links/\(link.id)/jump-sessions", token: key)
                .decoded(as: [Components.Schemas.JumpSession].self)
            #expect(seen.map(\.parkName) == ["Plainfield Trampoline Park"], "not Ana's own session")
            let anas = try await app.json(.GET, "/api/v1/jump-sessions", token: ana.token).decoded(
                as: [Components.Schemas.JumpSession].self)
            #expect(anas.count == 2)

            // Ana stops it: the park can neither report nor read; what it reported stays Ana's.
            let stopped = try await app.json(.DELETE, "/api/v1/park-links/\(link.id)", token: ana.token)
            #expect(stopped.status == .noContent)
            #expect(
                try await app.json(.POST, "/api/v1/park/links/\(link.id)/jump-sessions", body: session(jumps: 9), token: key).status
                    == .forbidden)
            #expect(try await app.json(.GET, "/api/v1/park/links/\(link.id)/jump-sessions", token: key).status == .forbidden)
            #expect(
                try await app.json(.GET, "/api/v1/jump-sessions", token: ana.token).decoded(as: [Components.Schemas.JumpSession].self).count
                    == 2)
            let memberView = try await app.json(.GET, "/api/v1/park-links", token: ana.token).decoded(
                as: [Components.Schemas.MemberParkLink].self)
            #expect(memberView.map(\.status) == [.revoked])
        }
    }

    @Test func anotherPark_seesNoneOfIt_andKeysOpenOnlyTheirOwnDoors() async throws {
        try await withKinetic { app in
            let plainfield = try await park(app)
            let other = try await park(app, "Sky High")
            let ana = try await app.signUp()
            let link = try await app.json(.POST, "/api/v1/park/links", body: ["email": ana.email], token: plainfield)
                .decoded(as: Components.Schemas.ParkLink.self)
            _ = try await app.json(.POST, "/api/v1/park-links/\(link.id)/approve", token: ana.token)
            #expect(try await app.json(.GET, "/api/v1/park/links", token: other).body.string == "[]")
            #expect(try await app.json(.GET, "/api/v1/park/links/\(link.id)/jump-sessions", token: other).status == .notFound)
            #expect(
                try await app.json(.POST, "/api/v1/park/links/\(link.id)/jump-sessions", body: session(), token: other).status == .notFound)
            // A member's token is no park's key, and a park's key is no member's token.
            #expect(try await app.json(.GET, "/api/v1/park/links", token: ana.token).status == .unauthorized)
            #expect(try await app.json(.GET, "/api/v1/park-links", token: plainfield).status == .unauthorized)
            // Another member cannot answer Ana's link.
            let ben = try await app.signUp()
            #expect(try await app.json(.DELETE, "/api/v1/park-links/\(link.id)", token: ben.token).status == .notFound)
            // A revoked park signs in no more, and leaves its members' Settings.
            let parkID = try #require(try await ParkKeys(database: app.db).list().first { $0.name == "Plainfield Trampoline Park" }?.id)
            #expect(try await ParkKeys(database: app.db).revoke(parkID, at: app.now))
            #expect(try await app.json(.GET, "/api/v1/park/links", token: plainfield).status == .unauthorized)
            #expect(try await app.json(.GET, "/api/v1/park-links", token: ana.token).body.string == "[]")
        }
    }

    /// A park learns nothing about who has an account: an address without one is answered as
    /// one with an account is, and asking again is the same link.
    @Test func requests_areAnsweredAlike_withOrWithoutAnAccount() async throws {
        try await withKinetic { app in
            let key = try await park(app)
            let ana = try await app.signUp()
            let known = try await app.json(.POST, "/api/v1/park/links", body: ["email": ana.email], token: key)
            let unknown = try await app.json(.POST, "/api/v1/park/links", body: ["email": "nobody@example.com"], token: key)
            #expect(known.status == unknown.status)
            let a = try known.jsonObject(), b = try unknown.jsonObject()
            #expect(Set(a.keys) == Set(b.keys) && a["status"] as? String == b["status"] as? String)
            let repeated = try await app.json(.POST, "/api/v1/park/links", body: ["email": " NOBODY@example.com "], token: key)
            #expect(try repeated.jsonObject()["id"] as? String == b["id"] as? String)
            #expect(try await ParkLinkRecord.query(on: app.db).count() == 2)
            // Declined, then asked again: the member is asked again.
            let link = try known.decoded(as: Components.Schemas.ParkLink.self)
            _ = try await app.json(.DELETE, "/api/v1/park-links/\(link.id)", token: ana.token)
            #expect(try await app.json(.GET, "/api/v1/park-links", token: ana.token).body.string == "[]")
            _ = try await app.json(.POST, "/api/v1/park/links", body: ["email": ana.email], token: key)
            let asked = try await app.json(.GET, "/api/v1/park-links", token: ana.token).decoded(
                as: [Components.Schemas.MemberParkLink].self)
            #expect(asked.map(\.status) == [.pending])
        }
    }

    /// Only the account that confirmed the address is asked; a park cannot learn of the member's
    /// own sessions or of a decline; a removed park's link cannot be allowed.
    @Test func onlyTheAddresssConfirmedOwner_isAsked_andAParkLearnsNothingElse() async throws {
        try await withKinetic { app in
            let key = try await park(app)
            let ana = try await app.signUp(confirmed: false)
            let link = try await app.json(.POST, "/api/v1/park/links", body: ["email": ana.email], token: key)
                .decoded(as: Components.Schemas.ParkLink.self)
            #expect(try await app.json(.GET, "/api/v1/park-links", token: ana.token).body.string == "[]")
            #expect(try await app.json(.POST, "/api/v1/park-links/\(link.id)/approve", token: ana.token).status == .notFound)
            // Once Ana confirms the address, the park's next request reaches her.
            try await app.confirmAddress(of: ana)
            _ = try await app.json(.POST, "/api/v1/park/links", body: ["email": ana.email], token: key)
            #expect(
                try await app.json(.GET, "/api/v1/park-links", token: ana.token).decoded(as: [Components.Schemas.MemberParkLink].self).count
                    == 1)

            // A decline reads as a request still waiting.
            _ = try await app.json(.DELETE, "/api/v1/park-links/\(link.id)", token: ana.token)
            let seen = try await app.json(.GET, "/api/v1/park/links", token: key).decoded(as: [Components.Schemas.ParkLink].self)
            #expect(seen.map(\.status) == [.pending] && seen.first?.decidedAt == nil)

            // Allowed, the park meets a session Ana recorded herself under its name: a bare 409.
            _ = try await app.json(.POST, "/api/v1/park/links", body: ["email": ana.email], token: key)
            _ = try await app.json(.POST, "/api/v1/park-links/\(link.id)/approve", token: ana.token)
            _ = try await app.json(.POST, "/api/v1/jump-sessions", body: session(park: "Plainfield Trampoline Park"), token: ana.token)
            let clash = try await app.json(.POST, "/api/v1/park/links/\(link.id)/jump-sessions", body: session(), token: key)
            #expect(clash.status == .conflict && !clash.body.string.contains("2400") && !clash.body.string.contains("\"id\""))
            #expect(try await app.json(.GET, "/api/v1/park/links/\(link.id)/jump-sessions", token: key).body.string == "[]")
            let named = try await app.json(
                .POST, "/api/v1/park/links/\(link.id)/jump-sessions", body: session(park: "Elsewhere"), token: key)
            #expect(named.status == .unprocessableEntity, "a park reports under its own name")

            // A removed park's link is no longer Ana's to allow.
            let parkID = try #require(try await ParkKeys(database: app.db).list().first?.id)
            _ = try await app.json(.DELETE, "/api/v1/park-links/\(link.id)", token: ana.token)
            _ = try await ParkKeys(database: app.db).revoke(parkID, at: app.now)
            #expect(try await app.json(.POST, "/api/v1/park-links/\(link.id)/approve", token: ana.token).status == .notFound)
        }
    }

    @Test(arguments: [
        (#"{"email": "not an address"}"#, "email"),
        (#"{"email": "a@example.com", "reference": "\#(String(repeating: "9", count: 81))"}"#, "reference"),
        (#"{"reference": "1"}"#, "email"),
        (#"{"email": "a@example.com", "name": "Ana"}"#, "name"),
    ])
    func invalidRequests_are422_andStoreNothing(json: String, field: String) async throws {
        try await withKinetic { app in
            let key = try await park(app)
            let response = try await app.json(.POST, "/api/v1/park/links", rawBody: json, token: key)
            #expect(response.status == .unprocessableEntity)
            #expect(try response.decoded(as: Components.Schemas.ErrorResponse.self).error.fields?.additionalProperties[field] != nil)
            #expect(try await ParkLinkRecord.query(on: app.db).count() == 0)
        }
    }
}
