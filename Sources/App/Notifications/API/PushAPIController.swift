import Foundation
import KineticCore
import Vapor

/// `/api/v1/push`: the server's public key for `PushManager.subscribe`, and the device
/// subscriptions of the signed-in account.
struct PushAPIController {
    struct KeyBody: Content {
        /// The server's VAPID public key: an uncompressed P-256 point, base64url.
        let publicKey: String
    }

    struct SubscriptionBody: Content {
        let endpoint: String
    }

    /// `GET /api/v1/push/key`.
    func key(_ request: Request) async throws -> KeyBody {
        KeyBody(publicKey: try await request.application.vapidKey().publicKeyBase64URL)
    }

    /// `POST /api/v1/push/subscriptions`: the browser's `PushSubscription` JSON; 201 with its
    /// endpoint, 422 naming every wrong member.
    func subscribe(_ request: Request) async throws -> Response {
        let notifications = try request.notifications()
        let device = try notifications.device(from: try await request.jsonBody()).get()
        try await notifications.subscribe(device)
        return try await SubscriptionBody(endpoint: device.endpoint).encodeResponse(status: .created, for: request)
    }

    /// `DELETE /api/v1/push/subscriptions` with `{"endpoint"}`: 204; 404 when this account has
    /// no device there.
    func unsubscribe(_ request: Request) async throws -> HTTPStatus {
        let endpoint = try await request.jsonBody(NotificationsService.endpoint(from:))
        guard try await request.notifications().unsubscribe(endpoint: endpoint) else { throw AppError.notFound }
        return .noContent
    }
}
