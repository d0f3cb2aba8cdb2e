import KineticCore
import Vapor

/// Rest days and days off (``DaysOffPage``): each form changes one thing and stores the whole
/// set through ``GoalsService/setPauses(_:)``, so the page and the API keep the same rules.
struct DaysOffController {
    func show(_ request: Request) async throws -> Response {
        let pauses = try await request.goals().pauses()
        return .html(page(request, model: model(request, pauses: pauses, saved: request.query[String.self, at: "saved"] != nil)))
    }

    private struct Form: Content {
        var action: String?
        var rest: [String]?
        var monthOff: String?
        var day: String?
        var value: String?
    }

    func save(_ request: Request) async throws -> Response {
        let goals = try request.goals()
        let form = try request.content.decode(Form.self)
        let current = try await goals.pauses()
        var members = JumpPausesDTO(current).members
        let month = goals.calendar.currentMonth.description
        switch form.action {
        case "week":
            members["restWeekdays"] = .array((form.rest ?? []).map(JSONValue.string))
            var months = Set(current.pausedMonths.map(\.description))
            if form.monthOff == "1" { months.insert(month) } else { months.remove(month) }
            members["pausedMonths"] = .array(months.sorted().map(JSONValue.string))
        case "addDay":
            members["pausedDays"] = .array(members.strings("pausedDays") + [.string(form.day ?? "")])
        case "removeDay":
            members["pausedDays"] = .array(members.strings("pausedDays").filter { $0 != .string(form.value ?? "") })
        case "removeMonth":
            members["pausedMonths"] = .array(members.strings("pausedMonths").filter { $0 != .string(form.value ?? "") })
        default:
            throw AppError.validation(FieldErrors(["action": "error.field.unknown"]))
        }
        return try await request.answeringRefusals(with: { refusal in
            var model = model(request, pauses: current, saved: false)
            model.newDay = form.action == "addDay" ? form.day ?? "" : ""
            model.errors = refusal.fieldMessages
            return page(request, model: model)
        }) {
            _ = try await goals.setPauses(members)
            return request.redirect(to: SiteURL.daysOff.with([("saved", "1")]), redirectType: .normal)
        }
    }

    private func model(_ request: Request, pauses: JumpPauses, saved: Bool) -> DaysOffPage.Model {
        DaysOffPage.Model(pauses: pauses, today: request.userCalendar.today, firstWeekday: request.localizer.firstWeekday, saved: saved)
    }

    private func page(_ request: Request, model: DaysOffPage.Model) -> String {
        DaysOffPage.render(model, context: PageContext(request: request))
    }
}

extension JumpPausesDTO {
    /// The pauses as the members ``JumpPausesInput`` reads.
    var members: [String: JSONValue] {
        [
            "restWeekdays": .array(restWeekdays.map(JSONValue.string)), "pausedDays": .array(pausedDays.map(JSONValue.string)),
            "pausedMonths": .array(pausedMonths.map(JSONValue.string)),
        ]
    }
}

extension [String: JSONValue] {
    /// The items of an array member (none when it is not one).
    fileprivate func strings(_ name: String) -> [JSONValue] {
        if case .array(let items)? = self[name] { return items }
        return []
    }
}
