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
