import Fluent
import Foundation
import NIOCore
import Testing
import VaporTesting

@testable import App

/// Accounts cost nothing: those made from one network in one hour are one sender at the tool
/// threads, wherever they connect from later, and a song's analysis waits with its sender's.
@Suite struct SignUpShareTests {
    /// Signs up through a trusted proxy for `client`: the account and its API token.
    @discardableResult
    private func signUp(_ app: Application, _ email: String, from client: String) async throws -> (user: User, token: String) {
        let body = ByteBuffer(string: #"{"name":"N","email":"\#(email)","password":"long-enough-pw"}"#)
        let response = try await app.testing(method: .running(port: 0)).sendRequest(
            .POST, "/api/v1/accounts", headers: ["Content-Type": "application/json", "X-Forwarded-For": client], body: body)
        try #require(response.status == .created)
        let token = try #require(try response.jsonObject()["token"] as? String)
        return (try #require(try await User.query(on: app.db).filter(\.$email == email).first()), token)
    }

    @Test func accountsMadeTogether_shareATurn_whereverTheyConnectFrom() async throws {
        let clock = TestClock(testNow)
        try await withKinetic(clock: clock) { app in
            app.kineticConfiguration.trustedProxies = ["127.0.0.1", "::1"]
            let first = try await signUp(app, "one@example.com", from: "198.51.100.7").user
            let second = try await signUp(app, "two@example.com", from: "198.51.100.7").user
            let elsewhere = try await signUp(app, "three@example.com", from: "203.0.113.9").user
            clock.advance(by: 3600)
            let later = try await signUp(app, "four@example.com", from: "198.51.100.7").user
            let now = clock.now
            let share = try #require(first.signUpShare(at: now))
            #expect(second.signUpShare(at: now) == share)
            #expect(elsewhere.signUpShare(at: now) != share)
            #expect(later.signUpShare(at: now) != share, "an hour later is another batch")

            // Connecting from another network later, the account still counts with its batch.
            let request = Request(application: app, method: .POST, url: "/", on: app.eventLoopGroup.next())
            request.auth.login(second)
            #expect(request.toolShares == [share])

            // A week on, or once its address is confirmed, an account is a sender of its own.
            #expect(second.signUpShare(at: now.addingTimeInterval(7 * 86_400)) == nil)
            second.emailVerifiedAt = now
            #expect(second.signUpShare(at: now) == nil)
        }
    }

    /// The song job keeps its sender's shares, so its analysis waits with their network's work.
    @Test func aSongJob_carriesItsSendersShares() async throws {
        try await withKinetic { app in
            app.kineticConfiguration.trustedProxies = ["127.0.0.1", "::1"]
            let (user, token) = try await signUp(app, "songs@example.com", from: "198.51.100.7")
            let audio = try await AudioFixtures.clickTrack(bpm: 120, seconds: 8)
            let response = try await app.testing(method: .running(port: 0)).sendRequest(
                .POST, "/api/v1/songs?filename=song.mp3",
                headers: [
                    "Content-Type": "application/octet-stream", "Authorization": "Bearer \(token)",
                    "X-Forwarded-For": "192.0.2.44",
                ], body: ByteBuffer(data: audio))
            #expect(response.status == .created, "\(response.body.string)")
            let job = try #require(try await JobRecord.query(on: app.db).filter(\.$kind == SongImportJob.kind).first())
            let payload = try JSONDecoder().decode(SongImportJob.self, from: Data(job.payload.utf8))
            #expect(payload.shares == ["net:192.0.2.44", try #require(user.signUpShare(at: app.now))].sorted())
        }
    }
}
