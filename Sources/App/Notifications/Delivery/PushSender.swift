import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Vapor
import WebPush

/// Sends one encrypted push message to one device's push service and says what the answer
/// means. The live value posts with the server's outbound HTTP client, which follows no
/// redirect (the endpoint was checked against ``PushSettings``, where it goes next was not)
/// and gives up after 30 seconds; a test passes its own.
struct PushSender: Sendable {
    var send: @Sendable (_ message: PushMessage, _ device: Device, _ key: VAPIDKey) async throws -> PushDelivery.Outcome

    /// A subscription as the sender needs it.
    struct Device: Sendable {
        let endpoint: URL
        let subscriber: PushSubscriber
    }
}

extension PushSender {
    static func live(http: HTTPClient, subject: String, clock: KineticClock) -> PushSender {
        PushSender { message, device, key in
            let body = try PushEncryption.encrypt(try message.payload(), for: device.subscriber)
            var request = HTTPClientRequest(url: device.endpoint.absoluteString)
            request.method = .POST
            let authorization = try key.authorization(for: device.endpoint, subject: subject, now: clock.now)
            for (name, value) in PushDelivery.headers(
                ttl: message.timeToLive, topic: message.topic, urgency: .normal, authorization: authorization)
            {
                request.headers.add(name: name, value: value)
            }
            request.body = .bytes(ByteBuffer(data: body))
            let response = try await http.execute(request, timeout: .seconds(30))
            // The answer's body says nothing Kinetic uses; a little is read so the connection is reused.
            _ = try? await response.body.collect(upTo: 16 * 1024)
            return PushDelivery.outcome(status: Int(response.status.code), retryAfter: response.headers.first(name: "Retry-After"))
        }
    }
}
