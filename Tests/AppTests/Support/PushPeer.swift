import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat

@testable import App

/// A real Web Push service (`scripts/peers/push_peer.py`) for one test: it makes subscriptions
/// as a browser does, checks each push's VAPID token against the key the device subscribed
/// with, decrypts it with the device's private key, and lists what it received.
final class PushPeer: Sendable {
    let peer: PeerProcess

    init() throws {
        peer = try PeerProcess("push_peer.py")
    }

    /// The origin its endpoints are under: what `KINETIC_PUSH_SERVICES` must allow.
    var origin: String { "http://127.0.0.1:\(peer.port)" }

    /// Sets a configuration up to send to this peer only.
    func configure(_ configuration: inout KineticConfiguration) {
        configuration.moduleSettings[PushSettings.self] = PushSettings(services: [origin], contact: "mailto:ops@kinetic.test")
    }

    /// A new device subscribed with `applicationServerKey`: its `PushSubscription` JSON.
    func subscribe(applicationServerKey: String) async throws -> [String: Any] {
        let data = try await call("/__subscribe", body: ["applicationServerKey": applicationServerKey])
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Every push received so far: `device`, `ttl`, `topic`, `urgency`, and the decrypted `payload`.
    func messages() async throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: try await call("/__messages")) as? [[String: Any]] ?? []
    }

    /// Makes the device at `endpoint` gone: its pushes are answered 410.
    func makeGone(_ endpoint: String) async throws {
        _ = try await call("/__gone/" + (endpoint.split(separator: "/").last.map(String.init) ?? ""), body: [:])
    }

    /// Fails the next `count` pushes with `status`.
    func fail(_ count: Int, status: Int = 503) async throws {
        _ = try await call("/__fail", body: ["count": count, "status": status])
    }

    /// The instant a token's expiry is checked against (the test's clock).
    func setNow(_ now: Date) async throws {
        _ = try await call("/__fail", body: ["now": Int(now.timeIntervalSince1970)])
    }

    private func call(_ path: String, body: [String: Any]? = nil) async throws -> Data {
        var request = HTTPClientRequest(url: origin + path)
        if let body {
            request.method = .POST
            request.body = .bytes(ByteBuffer(data: try JSONSerialization.data(withJSONObject: body)))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        return Data(buffer: try await response.body.collect(upTo: 1 << 20))
    }
}
