import Foundation
import KineticCore
import Vapor

/// Settings › Notifications: the page, its kinds form, and where its script keeps or forgets
/// this browser's subscription (JSON, with the page's CSRF token in `X-CSRF-Token`).
struct NotificationSettingsController {
    private struct KindsForm: Content {
        var kinds: [String]?
    }

    func show(_ request: Request) async throws -> Response {
        let notifications = try request.notifications()
        let model = NotificationSettingsPage.Model(
            publicKey: try await request.application.vapidKey().publicKeyBase64URL, muted: try await notifications.mutedKinds(),
            saved: request.query[String.self, at: "saved"] != nil)
        return .html(NotificationSettingsPage.render(model, context: PageContext(request: request)))
    }

    /// The kinds ticked stay on; the others are turned off. An unknown kind is ignored.
    func saveKinds(_ request: Request) async throws -> Response {
        let chosen = Set((try request.content.decode(KindsForm.self).kinds ?? []).prefix(50).compactMap(NotificationKind.init(rawValue:)))
        try await request.notifications().setMutedKinds(Set(NotificationKind.allCases).subtracting(chosen))
        return request.redirect(to: SiteURL.notificationSettings.with([("saved", "1")]), redirectType: .normal)
    }

    /// This browser's `PushSubscription` JSON: 201, or 422 naming what is wrong.
    func addDevice(_ request: Request) async throws -> HTTPStatus {
        let notifications = try request.notifications()
        try await notifications.subscribe(try notifications.device(from: try await request.jsonBody()).get())
        return .created
    }

    /// `{"endpoint"}`: 204 whether or not it was this account's (the browser forgets it either
    /// way); 422 without an endpoint.
    func removeDevice(_ request: Request) async throws -> HTTPStatus {
        _ = try await request.notifications().unsubscribe(endpoint: try await request.jsonBody(NotificationsService.endpoint(from:)))
        return .noContent
    }
}
