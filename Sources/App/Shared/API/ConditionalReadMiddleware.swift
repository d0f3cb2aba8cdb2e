import Crypto
import KineticCore
import Vapor

/// Conditional reads of pages and JSON: every page and JSON answer of a `GET` carries an `ETag`
/// (a digest of its bytes), and a request whose `If-None-Match` names it gets `304 Not Modified`
/// without a body. An app polling the goals, a month of steps or the Inbox so downloads only
/// what changed, and a browser checking a page it keeps (`no-cache`) gets it again only when it
/// changed. The rules are ``EntityTag``'s.
struct ConditionalReadMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        guard request.method == .GET, response.status == .ok, let type = response.headers.contentType,
            type.subType == "json" || type.subType.hasSuffix("+json") || (type.type == "text" && type.subType == "html"),
            let body = response.body.buffer
        else { return response }
        let tag = EntityTag.strong(digest: SHA256.hash(data: body.readableBytesView))
        response.headers.replaceOrAdd(name: .eTag, value: tag)
        guard let field = request.headers.first(name: .ifNoneMatch), EntityTag.ifNoneMatch(field, matches: tag) else { return response }
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .eTag, value: tag)
        for name in [HTTPHeaders.Name.cacheControl, .vary] {
            if let value = response.headers.first(name: name) { headers.replaceOrAdd(name: name, value: value) }
        }
        return Response(status: .notModified, headers: headers)
    }
}
