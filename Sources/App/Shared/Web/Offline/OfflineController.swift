import Foundation
import KineticCore
import Vapor

/// What makes Kinetic work as an app on a phone without a network: the service worker and the
/// page it shows for a page not kept on the device.
struct OfflineController {
    /// `/sw.js`: checked on every visit (`no-cache`, its version the `ETag`), so a new
    /// release's worker is found at once; sent compressed as made at start-up.
    func serviceWorker(_ request: Request) async throws -> Response {
        let script = request.application.serviceWorker
        let coding = ContentCoding.preferred(
            acceptEncoding: request.headers[.acceptEncoding], available: ContentCoding.available.filter { script.compressed[$0] != nil })
        let entityTag = "\"\(script.version)\(coding.map { "-" + $0.rawValue } ?? "")\""
        var headers: HTTPHeaders = [
            "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache", "Service-Worker-Allowed": "/",
            "ETag": entityTag, "Vary": "Accept-Encoding",
        ]
        if let field = request.headers.first(name: .ifNoneMatch), EntityTag.ifNoneMatch(field, matches: entityTag) {
            headers.remove(name: .contentType)
            return Response(status: .notModified, headers: headers)
        }
        guard let coding, let body = script.compressed[coding] else {
            return Response(status: .ok, headers: headers, body: .init(string: script.text))
        }
        headers.replaceOrAdd(name: .contentEncoding, value: coding.rawValue)
        return Response(status: .ok, headers: headers, body: .init(buffer: body))
    }

    /// `/offline`: kept by the service worker when it installs, so it names no one (another
    /// account may sign in on the phone later) and holds no form.
    func offline(_ request: Request) async throws -> Response {
        .html(OfflinePage.render(localizer: request.localizer, assets: request.application.assets))
    }
}
