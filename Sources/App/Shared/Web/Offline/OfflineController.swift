import Foundation
import Vapor

/// What makes Kinetic work as an app on a phone without a network: the service worker and the
/// page it shows for a page not kept on the device.
struct OfflineController {
    /// `/sw.js`: checked on every visit (`no-cache`), so a new release's worker is found at once.
    func serviceWorker(_ request: Request) async throws -> Response {
        Response(
            status: .ok,
            headers: [
                "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache", "Service-Worker-Allowed": "/",
            ],
            body: .init(string: request.application.serviceWorker.text))
    }

    /// `/offline`: kept by the service worker when it installs, so it names no one (another
    /// account may sign in on the phone later) and holds no form.
    func offline(_ request: Request) async throws -> Response {
        .html(OfflinePage.render(localizer: request.localizer, assets: request.application.assets))
    }
}
