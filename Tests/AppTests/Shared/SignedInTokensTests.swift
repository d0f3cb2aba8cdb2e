import Fluent
import Foundation
import KineticAPI
import SQLKit
import Testing
import VaporTesting

@testable import App

/// The few-second cache of signed-in API tokens: changes made through this instance are seen at
/// once; a change it did not make (another instance, a hand edit) is seen within its lifetime.
@Suite struct SignedInTokensTests {
    @Test func aTokenDeletedBehindTheInstancesBack_worksForTheCacheLifetimeOnly() async throws {
        let clock = TestClock(testNow)
        try await withKinetic(clock: clock) { app in
            let account = try await app.signUp()
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .ok)
            // As another instance sharing the database would: delete the row directly.
            try await APIToken.query(on: app.db).delete()
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .ok, "still cached")
            clock.advance(by: app.kineticConfiguration.apiTokenCacheSeconds)
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .unauthorized)
        }
    }

    @Test func changesMadeHere_areSeenAtOnce() async throws {
        try await withKinetic { app in
            let account = try await app.signUp()
            _ = try await app.json(.GET, "/api/v1/profile", token: account.token)
            // A profile change through the API.
            #expect(try await app.json(.PUT, "/api/v1/profile", body: ["name": "Renamed"], token: account.token).status == .ok)
            let renamed = try await app.json(.GET, "/api/v1/profile", token: account.token).decoded(as: Components.Schemas.Profile.self)
            #expect(renamed.name == "Renamed")
            // A change through the web (another way in to the same user).
            let web = WebClient(app: app)
            try await web.logIn(email: account.email, password: account.password)
            let saved = try await web.post("/settings/fitness", form: ["bodyType": "2", "height": "74"], csrfPage: "/settings/fitness")
            #expect(saved.status == .seeOther)
            let profile = try await app.json(.GET, "/api/v1/profile", token: account.token).decoded(as: Components.Schemas.Profile.self)
            #expect(profile.fitness.height == 74)
            // Logging out ends the token at once.
            #expect(try await app.json(.POST, "/api/v1/logout", token: account.token).status == .noContent)
            #expect(try await app.json(.GET, "/api/v1/profile", token: account.token).status == .unauthorized)
        }
    }

    @Test func expiredEntries_areNotServed_andAFullCacheStartsOver() {
        let tokens = SignedInTokens(lifetime: 5, capacity: 2)
        let start = testNow
        func token() -> SignedInToken {
            SignedInToken(tokenID: UUID(), userID: UUID(), expiresAt: nil, userRow: EmptyRow())
        }
        tokens.store(token(), for: "a", at: start)
        #expect(tokens.token(for: "a", at: start.addingTimeInterval(4.9)) != nil)
        #expect(tokens.token(for: "a", at: start.addingTimeInterval(5)) == nil)
        #expect(tokens.token(for: "a", at: start.addingTimeInterval(-1)) == nil, "a clock that went back trusts nothing")
        tokens.store(token(), for: "b", at: start)
        tokens.store(token(), for: "c", at: start)
        tokens.store(token(), for: "d", at: start)
        #expect(tokens.token(for: "d", at: start) != nil)
        #expect([tokens.token(for: "b", at: start), tokens.token(for: "c", at: start)].compactMap { $0 }.count < 2)
    }
}

/// A row without columns, for cache entries whose user is never decoded.
private struct EmptyRow: SQLRow {
    var allColumns: [String] { [] }
    func contains(column: String) -> Bool { false }
    func decodeNil(column: String) throws -> Bool { true }
    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        throw DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: column))
    }
}
