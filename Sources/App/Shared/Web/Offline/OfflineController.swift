import Crypto
import Foundation
import Vapor

/// What makes Kinetic work as an app on a phone without a network: the service worker and the
/// page it shows for a page not kept on the device.
struct OfflineController {
    /// `/sw.js`: checked on every visit (`no-cache`), so a new release's worker is found at once.
    func serviceWorker(_ request: Request) async throws -> Response {
        let template = try request.application.resource("service-worker.js", "the service worker") {
            String(decoding: $0, as: UTF8.self)
        }
        let script = ServiceWorkerScript(template: template, assets: request.application.assets)
        return Response(
            status: .ok,
            headers: [
                "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache", "Service-Worker-Allowed": "/",
            ],
            body: .init(string: script.text))
    }

    /// `/offline`: kept by the service worker when it installs, so it names no one (another
    /// account may sign in on the phone later) and holds no form.
    func offline(_ request: Request) async throws -> Response {
        let context = PageContext(
            localizer: request.localizer, user: nil, csrfToken: "", currentPath: SiteURL.offline.path,
            assets: request.application.assets)
        return .html(OfflinePage.render(context: context))
    }
}

/// Names the signed-in account on its pages (`X-Kinetic-Account`), so that the service worker
/// keeps each account's pages apart and forgets them when another account, or no one, signs in
/// on the same browser. The name is a digest of the account's identifier: it says nothing else.
struct OfflineAccountMiddleware: AsyncMiddleware {
    static let header = "X-Kinetic-Account"

    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        if let user = request.auth.get(User.self), let id = user.id, response.headers.contentType?.subType == "html" {
            response.headers.replaceOrAdd(name: Self.header, value: Self.name(of: id))
        }
        return response
    }

    /// The account's name for the service worker: 16 hexadecimal digits of a digest of its identifier.
    static func name(of id: UUID) -> String {
        SHA256.hash(data: Data("kinetic-offline-\(id.uuidString)".utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}
