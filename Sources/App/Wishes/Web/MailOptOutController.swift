import Foundation
import KineticCore
import Vapor

/// The link in every wish e-mail that stops all e-mail from this server to the address it
/// was sent to: a page with one button, or one POST from the mail client (RFC 8058,
/// `List-Unsubscribe=One-Click`). The token is the authority; no session is needed.
struct MailOptOutController {
    private func token(_ request: Request) throws -> String {
        guard let token = request.parameters.get("token"), !token.isEmpty, token.utf8.count <= 100 else { throw AppError.notFound }
        return token
    }

    func show(_ request: Request) async throws -> Response {
        guard let found = try await MailRecipients(database: request.db).address(ofToken: try token(request)) else {
            throw AppError.notFound
        }
        let state: MailOptOutPage.State = found.optedOut ? .stopped(found.address) : .ask(found.address)
        return Response.html(MailOptOutPage.render(state, token: try token(request), context: PageContext(request: request))).keptNowhere()
    }

    func stop(_ request: Request) async throws -> Response {
        guard let address = try await MailRecipients(database: request.db).optOut(token: try token(request), now: request.now) else {
            throw AppError.notFound
        }
        request.logger.notice("An address opted out of e-mail from Kinetic")
        return Response.html(MailOptOutPage.render(.stopped(address), token: try token(request), context: PageContext(request: request)))
            .keptNowhere()
    }
}
