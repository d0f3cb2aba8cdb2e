import Foundation

/// One push message as RFC 8030 sends it: the headers beside the encrypted body, and what the
/// push service's answer means.
public enum PushDelivery {
    /// How urgently the push service should wake the device (RFC 8030 §5.3).
    public enum Urgency: String, Sendable {
        case veryLow = "very-low", low, normal, high
    }

    /// The request headers for an encrypted `body`: how long the service keeps it for an
    /// offline device (`TTL`, seconds), the `Topic` a newer message replaces an older one
    /// under (at most 32 base64url characters, RFC 8030 §5.4), the urgency and the VAPID
    /// authorization.
    public static func headers(ttl: Int, topic: String?, urgency: Urgency, authorization: String) -> [(String, String)] {
        var headers = [
            ("TTL", String(max(0, ttl))), ("Urgency", urgency.rawValue), ("Content-Encoding", "aes128gcm"),
            ("Content-Type", "application/octet-stream"), ("Authorization", authorization),
        ]
        if let topic = topic.map(Self.topic), !topic.isEmpty { headers.append(("Topic", topic)) }
        return headers
    }

    /// `text` as a topic: base64url characters only, at most 32 of them.
    public static func topic(_ text: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return String(text.filter { allowed.contains($0) }.prefix(32))
    }

    /// What the push service's answer to one message means.
    public enum Outcome: Equatable, Sendable {
        /// Accepted (201, or 200/202 from services that answer so).
        case accepted
        /// The subscription is gone for good (404, 410): forget it.
        case gone
        /// Try again later: overloaded or failing (429, 5xx), after `retryAfter` seconds when it said.
        case later(retryAfter: Int?)
        /// Refused for good as sent (too large, bad authorization, malformed): trying again cannot help.
        case refused(status: Int)
    }

    /// The meaning of `status`, with the `Retry-After` header's value if any.
    public static func outcome(status: Int, retryAfter: String?) -> Outcome {
        switch status {
        case 200...299: .accepted
        case 404, 410: .gone
        case 429, 500...599:
            .later(retryAfter: retryAfter.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { min(max($0, 0), 86400) })
        default: .refused(status: status)
        }
    }
}
