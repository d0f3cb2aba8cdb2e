import Vapor

extension Response {
    /// An HTML page with the given status.
    static func html(_ html: String, status: HTTPResponseStatus = .ok) -> Response {
        Response(
            status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .init(string: html))
    }
}

/// Sends visitors who are not signed in to the login page, which returns them to the page they
/// asked for (``ReturnPath``) once they are.
struct RequireSignedInMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        guard request.auth.has(User.self) else {
            if request.wantsJSON { throw AppError.unauthenticated }
            guard request.method == .GET else { return request.redirect(to: SiteURL.login.path) }
            return request.redirect(to: ReturnPath.login(returningTo: request.url.string))
        }
        return try await next.respond(to: request)
    }
}

/// Answers 401 on API routes without a valid bearer token.
struct RequireBearerMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        guard request.auth.has(User.self) else { throw AppError.unauthenticated }
        return try await next.respond(to: request)
    }
}

extension Response {
    /// Marks a response that holds a secret (a new API token; a page whose address or form
    /// carries a link's token): no cache keeps it, the browser's included.
    func keptNowhere() -> Response {
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return self
    }
}
