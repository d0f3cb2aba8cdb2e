import Crypto
import KineticCore
import Vapor

/// Conditional reads on the signed-in API: every JSON answer of a `GET` carries an `ETag` (a
/// digest of its bytes), and a request whose `If-None-Match` names it gets `304 Not Modified`
/// without a body. An app polling the goals, a month of steps or the Inbox so downloads only
/// what changed. The rules are ``EntityTag``'s.
struct ConditionalReadMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        guard request.method == .GET, response.status == .ok, response.headers.contentType?.subType == "json",
            let body = response.body.buffer
        else { return response }
        let tag = EntityTag.strong(digest: SHA256.hash(data: body.readableBytesView))
        response.headers.replaceOrAdd(name: .eTag, value: tag)
        guard let field = request.headers.first(name: .ifNoneMatch), EntityTag.ifNoneMatch(field, matches: tag) else { return response }
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .eTag, value: tag)
        if let cacheControl = response.headers.first(name: .cacheControl) { headers.replaceOrAdd(name: .cacheControl, value: cacheControl) }
        return Response(status: .notModified, headers: headers)
    }
}
