import Fluent
import Foundation
import KineticAPI
import KineticCore
import Testing
import VaporTesting

@testable import App

/// Whether an address has a Kinetic account decides how a wish reaches it, and Send Options says
/// so: each address counted per account (the same one again within the hour free), so one
/// account cannot probe a list of addresses for who has one.
@Suite struct WishLookupThrottleTests {
    private func body(_ first: Int) -> [String: Any] {
        [
            "occasion": "birthday", "subject": "Hi", "message": "Hello", "sendAt": "2027-01-16T09:00", "timeZone": "UTC",
            "recipients": (first..<first + WishDraft.maximumRecipients).map { "Probe\($0)@example.com" },
        ]
    }

    @Test func anAccountLooksUpTwoHundredAddresses_thenWaits_andNoOtherAccountDoes() async throws {
        let clock = TestClock(testNow)
        try await withKinetic(clock: clock) { app in
            let prober = try await app.signUp(), other = try await app.signUp()
            let rounds = AddressLookupLimits.accountBurst / WishDraft.maximumRecipients
            for round in 0..<rounds {
                let response = try await app.json(.POST, "/api/v1/wishes", body: body(round * 20), token: prober.token)
                #expect(response.status == .created, "round \(round)")
            }
            let refused = try await app.json(.POST, "/api/v1/wishes", body: body(1_000), token: prober.token)
            #expect(refused.status == .tooManyRequests)
            #expect(try refused.decoded(as: Components.Schemas.ErrorResponse.self).error.code == "too_many_lookups")
            #expect(refused.headers.first(name: .retryAfter) == "360", "20 addresses at one every 18 s")
            #expect(try await WishRecord.query(on: app.db).count() == rounds, "nothing of the refused wish is kept")
            #expect(try await app.json(.POST, "/api/v1/wishes", body: body(2_000), token: other.token).status == .created)
            // Addresses already looked up cost nothing: the same wish again (any case) goes.
            #expect(try await app.json(.POST, "/api/v1/wishes", body: body(0), token: prober.token).status == .created)
            // Changing one's address says whether another account has it: counted the same.
            let change = try await app.json(
                .PUT, "/api/v1/profile", body: ["email": "new-\(UUID())@example.com", "currentPassword": prober.password],
                token: prober.token)
            #expect(change.status == .tooManyRequests)

            // The form keeps everything written and says why at To.
            let web = WebClient(app: app)
            try await web.logIn(email: prober.email, password: prober.password)
            let page = try await web.post(
                "/wishes/preview",
                fields: [
                    ("occasion", "birthday"), ("subject", "Kept subject"), ("message", "Kept words"), ("recipients", "sam@example.com"),
                    ("sendDate", "2027-01-16"), ("sendTime", "09:00"),
                ], csrfPage: "/wishes/new")
            #expect(page.status == .tooManyRequests)
            #expect(page.body.string.contains("You have looked up many addresses in a short time."))
            #expect(page.body.string.contains("value=\"Kept subject\"") && page.body.string.contains(">Kept words</textarea>"))

            clock.advance(by: 18)
            let single = body(3_000).merging(["recipients": ["one@example.com"]]) { _, new in new }
            #expect(try await app.json(.POST, "/api/v1/wishes", body: single, token: prober.token).status == .created)
            // The refused wish's addresses were not kept as looked up: they still cost.
            #expect(try await app.json(.POST, "/api/v1/wishes", body: body(1_000), token: prober.token).status == .tooManyRequests)
        }
    }
}
