import KineticCore
import Vapor

/// Jump History: sessions grouped by month, and the form to add one.
struct JumpHistoryController {
    func show(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let added = request.query[String.self, at: "added"] != nil
        return .html(try await page(for: user, request: request, form: .init(), added: added))
    }

    func add(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let form = try request.content.decode([String: String].self)
        // An empty park stays, so its message says what to enter.
        let members = FormFields.members(
            form, numbers: ["numberOfJumps", "numberOfCalories"], texts: ["date", "parkName", "startTime", "endTime"],
            keepingEmpty: ["parkName"]
        )
        return try await request.answeringRefusals(with: { refusal in
            var values = JumpHistoryPage.FormValues(form)
            values.errors = refusal.fieldMessages
            return try await page(for: user, request: request, form: values, added: false)
        }) {
            // Sending the same session twice (a double tap) stores it once.
            _ = try await request.goals().addSession(members)
            return request.redirect(to: SiteURL.jumpHistory.with([("added", "1")]), redirectType: .normal)
        }
    }

    private func page(for user: User, request: Request, form: JumpHistoryPage.FormValues, added: Bool) async throws -> String {
        let sessions = try await request.goals().sessions()
        let model = JumpHistoryPage.Model(sessions: sessions, form: form, added: added, today: request.userCalendar.today)
        return JumpHistoryPage.render(model, context: PageContext(request: request))
    }
}
