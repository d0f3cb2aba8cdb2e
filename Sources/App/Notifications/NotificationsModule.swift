import Fluent
import Vapor

/// The Notifications module: Web Push to the devices a person turned notifications on for, the
/// kinds they want, and the server's VAPID key. The other modules notify through
/// ``PushNotifier`` (`application.pushNotifier`).
enum NotificationsModule: KineticModule {
    static func migrations(_ configuration: KineticConfiguration) -> [any Migration] {
        [CreatePushNotifications()]
    }

    static func loadSettings(from environment: [String: String], into settings: inout ModuleSettings) throws {
        try settings.load(PushSettings.self, from: environment)
    }

    /// The push HTTP client, the notifier, and the job that sends each notification.
    static func prepare(_ app: Application) throws {
        app.preparePush()
        app.jobs.register(PushSendJob.kind, lane: .quick) { job, app in try await PushSendJob.run(job, app) }
    }

    static func register(on routes: ModuleRoutes) {
        let settings = NotificationSettingsController()
        routes.signedIn.get(SiteURL.notificationSettings.pathComponents, use: settings.show)
        routes.signedIn.post(SiteURL.notificationSettings.pathComponents, use: settings.saveKinds)
        routes.signedIn.post(SiteURL.notificationDevices.pathComponents, use: settings.addDevice)
        routes.signedIn.post(SiteURL.notificationDevicesRemoval.pathComponents, use: settings.removeDevice)

        let api = PushAPIController()
        routes.api.get(SiteURL.api(.pushKey).pathComponents, use: api.key)
        routes.apiSignedIn.post(SiteURL.api(.pushSubscriptions).pathComponents, use: api.subscribe)
        routes.apiSignedIn.delete(SiteURL.api(.pushSubscriptions).pathComponents, use: api.unsubscribe)
    }

    /// Makes the VAPID key before the first request needs it (the first instance to start makes
    /// it), and says when push services have no real contact to go with it.
    static func prepareToServe(_ app: Application, demo: Bool) async throws {
        _ = try await app.vapidKey()
        if app.pushSubject == PushSettings.placeholderContact {
            app.logger.warning(
                """
                Notifications name no contact for push services (Apple's refuses them): \
                set KINETIC_PUSH_CONTACT, KINETIC_MAIL_FROM or an https KINETIC_PUBLIC_URL
                """)
        }
    }
}
