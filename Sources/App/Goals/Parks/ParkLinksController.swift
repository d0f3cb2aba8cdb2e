import Foundation
import KineticCore
import Vapor

/// Settings › Parks and its answers.
struct ParkLinksController {
    func show(_ request: Request) async throws -> Response {
        let saved = request.query[String.self, at: "saved"].flatMap(ParkLinkStatus.init(rawValue:))
        return .html(try await page(request, saved: saved))
    }

    func answer(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        struct Form: Content { var answer: String? }
        guard let answer = try request.content.decode(Form.self).answer.flatMap(ParkLinkAnswer.init(rawValue:)),
            let id = request.parameters.get("linkId").flatMap(UUID.init(uuidString:)),
            let link = try await request.parkLinks.answer(id, answer, userID: try user.requireID())
        else { throw AppError.notFound }
        return request.redirect(to: SiteURL.parkLinks.with([("saved", link.linkStatus.rawValue)]), redirectType: .normal)
    }

    private func page(_ request: Request, saved: ParkLinkStatus?) async throws -> String {
        let user = try request.requireUser()
        let links = try await request.parkLinks.links(ofMember: try user.requireID())
        return ParkLinksPage.render(
            .init(links: links, timeZone: request.userCalendar.timeZone, saved: saved), context: PageContext(request: request))
    }
}
