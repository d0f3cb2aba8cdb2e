import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

@testable import App

@Suite struct ConnectionsClientTests {
    private func control(_ peer: PeerProcess, _ path: String, _ body: String? = nil) async throws -> Data {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(peer.port)\(path)")
        if let body {
            request.method = .POST
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(5))
        return Data(buffer: try await response.body.collect(upTo: 1 << 20))
    }

    private func posts(_ peer: PeerProcess) async throws -> [[String: String?]] {
        try JSONDecoder().decode([[String: String?]].self, from: try await control(peer, "/__requests"))
    }

    @Test func aStatusUpdate_isPostedToTheSendersBoard_withBasicOrBearerAuthentication() async throws {
        let peer = try PeerProcess("connections_peer.py")
        let basic = ConnectionsClient.live(
            settings: try ConnectionsSettings(url: "http://127.0.0.1:\(peer.port)/", token: "ann:pass:word"), http: .shared)
        let outcome = await basic.post(#"Happy birthday, "Bob" 🎂"#, idempotencyKey: "delivery-1")
        guard case .posted(let id) = outcome else {
            Issue.record("not posted: \(outcome)")
            return
        }
        #expect(id?.hasPrefix("urn:lsid:lconn.ibm.com:profiles.note:") == true)
        let bearer = ConnectionsClient.live(
            settings: try ConnectionsSettings(url: "http://127.0.0.1:\(peer.port)", token: "t0ken"), http: .shared)
        #expect(await bearer.post("Thanks!", idempotencyKey: "delivery-2") != .temporaryFailure(""))
        let received = try await posts(peer)
        #expect(received.count == 2)
        #expect(received.first?["board"] == "@me")
        #expect(received.first?["user"] == "ann")
        #expect(received.first?["content"] == #"Happy birthday, "Bob" 🎂"#)
        #expect(received.first?["idempotency_key"] == "delivery-1")
        #expect(received.last?["user"] == "oauth")
    }

    @Test func serverErrorsAndTimeouts_areTemporary_andARefusalIsPermanent() async throws {
        let peer = try PeerProcess("connections_peer.py")
        let settings = try ConnectionsSettings(url: "http://127.0.0.1:\(peer.port)", token: "ann:pw")
        let client = ConnectionsClient.live(settings: settings, http: .shared)
        _ = try await control(peer, "/__fail", #"{"status": 503, "count": 1}"#)
        #expect(await client.post("one", idempotencyKey: "d1") == .temporaryFailure("Connections answered 503 Service Unavailable"))
        _ = try await control(peer, "/__fail", #"{"status": 403, "count": 1}"#)
        #expect(await client.post("two", idempotencyKey: "d2") == .permanentFailure("Connections answered 403 Forbidden"))
        _ = try await control(peer, "/__fail", #"{"status": 0, "count": 0, "delay": 20}"#)
        // (The peer still records the stalled post when it wakes: a timed-out post may have been
        // made, which is why each try carries the delivery's Idempotency-Key.)
        let stalled = await ConnectionsClient.live(settings: settings, http: .shared, timeout: .milliseconds(500)).post(
            "three", idempotencyKey: "d3")
        guard case .temporaryFailure(let reason) = stalled else {
            Issue.record("a post that timed out should be worth another try, not \(stalled)")
            return
        }
        #expect(reason.hasPrefix("Connections did not answer"))

        // The client keeps trying to connect until its time limit.
        let nobody = ConnectionsClient.live(
            settings: try ConnectionsSettings(url: "http://127.0.0.1:1", token: "ann:pw"), http: .shared, timeout: .seconds(1))
        guard case .temporaryFailure = await nobody.post("four", idempotencyKey: "d4") else {
            Issue.record("a refused connection should be worth another try")
            return
        }
    }

    @Test func settings_nameWhatIsWrong() {
        #expect(throws: ConnectionsSettings.Invalid(description: "KINETIC_CONNECTIONS_URL must be an http or https URL, not ftp://x")) {
            try ConnectionsSettings(url: "ftp://x", token: "a:b")
        }
        #expect(throws: ConnectionsSettings.Invalid(description: "KINETIC_CONNECTIONS_TOKEN is needed with KINETIC_CONNECTIONS_URL")) {
            try ConnectionsSettings(url: "https://connections.example.com", token: "")
        }
        #expect(
            (try? ConnectionsSettings(url: "https://c.example.com/", token: "tok"))?.statusUpdatesURL
                == "https://c.example.com/connections/opensocial/oauth/rest/ublog/@me/@all")
    }
}
