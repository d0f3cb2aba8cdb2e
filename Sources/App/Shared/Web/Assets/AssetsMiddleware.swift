import KineticCore
import Vapor

/// Serves `Public/` from ``AssetCatalog``: a fingerprinted address for a year
/// (`public, max-age=31536000, immutable`), a plain one to be checked each time (`no-cache`,
/// its `ETag` answering 304). Text is sent compressed as the client accepts (Brotli, else
/// gzip), made once per file. A file carries only the headers a file needs (a page's policies
/// are the page's: a dozen files a page would otherwise repeat them for 3 KB); any path no file
/// has goes on to the routes.
struct AssetsMiddleware: AsyncMiddleware {
    static let immutable = "public, max-age=31536000, immutable"

    let catalog: AssetCatalog

    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        guard request.method == .GET || request.method == .HEAD, let (asset, fingerprinted) = catalog.asset(requestPath: request.url.path)
        else { return try await next.respond(to: request) }
        let offered = ContentCoding.available.filter { asset.body($0) != nil }
        let coding = ContentCoding.preferred(acceptEncoding: request.headers[.acceptEncoding], available: offered)
        var headers: HTTPHeaders = [
            "Content-Type": asset.contentType, "ETag": asset.entityTag(coding),
            "Cache-Control": fingerprinted ? Self.immutable : "no-cache", "X-Content-Type-Options": "nosniff",
        ]
        // A picture opened on its own is a document: an SVG one could run scripts.
        if asset.contentType.hasPrefix("image/svg") {
            headers.replaceOrAdd(name: "Content-Security-Policy", value: SecurityHeadersMiddleware.contentSecurityPolicy)
        }
        if asset.compresses { headers.replaceOrAdd(name: .vary, value: "Accept-Encoding") }
        if let field = request.headers.first(name: .ifNoneMatch), EntityTag.ifNoneMatch(field, matches: asset.entityTag(coding)) {
            headers.remove(name: .contentType)
            return Response(status: .notModified, headers: headers)
        }
        if let coding { headers.replaceOrAdd(name: .contentEncoding, value: coding.rawValue) }
        let body = coding.flatMap(asset.body) ?? asset.bytes
        return Response(status: .ok, headers: headers, body: .init(buffer: body))
    }
}
