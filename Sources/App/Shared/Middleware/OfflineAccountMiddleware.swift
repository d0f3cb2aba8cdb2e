import Crypto
import Foundation
import Vapor

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

/// A request the service worker sends from its outbox names the account it was made for
/// (`X-Kinetic-Sent-For`, ``OfflineAccountMiddleware/name(of:)``). Made for another account than
/// the one now signed in on the browser (the session changed while it waited), it is not run:
/// 409 with `X-Kinetic-Other-Account`, and the worker keeps it for its own account.
struct SentForAccountMiddleware: AsyncMiddleware {
    static let header = "X-Kinetic-Sent-For"

    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        guard let sentFor = request.headers.first(name: Self.header) else { return try await next.respond(to: request) }
        guard let id = request.auth.get(User.self)?.id, OfflineAccountMiddleware.name(of: id) == sentFor else {
            return Response(status: .conflict, headers: ["X-Kinetic-Other-Account": "1"])
        }
        return try await next.respond(to: request)
    }
}
