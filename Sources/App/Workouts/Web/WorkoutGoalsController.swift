import Fluent
import Foundation
import KineticCore
import Vapor

/// The Goals pages of Workouts: the list (with `?edit=1` its Remove buttons), add, change and
/// remove.
struct WorkoutGoalsController {
    func list(_ request: Request) async throws -> Response {
        let l = request.localizer
        let timeZone = request.userCalendar.timeZone
        let rows = try await request.workouts().statuses(of: request.workouts().workoutGoals.all()).map { status in
            WorkoutGoalsPage.Row(
                id: try status.record.requireID().uuidString, name: status.goal.name,
                created: l.fullDate(status.record.createdAt, in: timeZone), description: status.goal.description,
                progress: l.t("workoutGoals.progress", l.number(status.progress.total), l.number(status.goal.times)),
                week: l.t("workoutGoals.week", l.number(status.progress.daysThisWeek), l.number(status.goal.daysPerWeek)),
                reminderDue: status.progress.reminderDue, reached: status.progress.isReached
            )
        }
        let notice: String? =
            switch request.query[String.self, at: "done"] {
            case "added": l.t("workoutGoals.addedNotice")
            case "saved": l.t("workoutGoals.savedNotice")
            case "removed": l.t("workoutGoals.removedNotice")
            default: nil
            }
        let model = WorkoutGoalsPage.Model(rows: rows, editing: request.query[String.self, at: "edit"] == "1", notice: notice)
        return .html(WorkoutGoalsPage.render(model, context: PageContext(request: request)))
    }

    func new(_ request: Request) async throws -> Response {
        .html(formPage(request, id: nil, form: .init()))
    }

    func show(_ request: Request) async throws -> Response {
        let record = try await request.ownedWorkoutGoal()
        return .html(formPage(request, id: try record.requireID().uuidString, form: .init(try record.goal)))
    }

    private struct GoalForm: Content {
        var name: String?
        var description: String?
        var times: String?
        var categories: [String]?
        var muscles: [String]?
        var minutes: String?
        var daysPerWeek: String?
        var reminderDays: [String]?
    }

    func create(_ request: Request) async throws -> Response {
        try await save(request, record: nil)
    }

    func update(_ request: Request) async throws -> Response {
        try await save(request, record: request.ownedWorkoutGoal())
    }

    func delete(_ request: Request) async throws -> Response {
        try await request.ownedWorkoutGoal().delete(on: request.db)
        return request.redirect(to: SiteURL.workouts(.goals).with([("done", "removed")]))
    }

    private func save(_ request: Request, record: WorkoutGoalRecord?) async throws -> Response {
        let posted = try request.content.decode(GoalForm.self)
        var typed = WorkoutGoalFormPage.Form()
        typed.name = posted.name ?? ""
        typed.description = posted.description ?? ""
        typed.times = posted.times ?? ""
        typed.categories = Set(posted.categories ?? [])
        typed.muscles = Set(posted.muscles ?? [])
        typed.minutes = posted.minutes ?? ""
        typed.daysPerWeek = posted.daysPerWeek ?? ""
        typed.reminderDays = Set(posted.reminderDays ?? [])
        var members = FormFields.members(
            [
                "name": typed.name, "description": typed.description, "times": typed.times, "minutes": typed.minutes,
                "daysPerWeek": typed.daysPerWeek,
            ],
            numbers: ["times", "minutes", "daysPerWeek"], texts: ["name", "description"],
            keepingEmpty: ["name", "description", "times", "daysPerWeek"]
        )
        for (name, values) in [("categories", posted.categories), ("muscles", posted.muscles), ("reminderDays", posted.reminderDays)] {
            members[name] = .array((values ?? []).map(JSONValue.string))
        }
        let id = try record?.requireID().uuidString
        return try await request.answeringRefusals(with: { refusal in
            formPage(request, id: id, form: typed, errors: refusal.fieldMessages)
        }) {
            let goal = try WorkoutGoalInput.validate(members).get()
            if let record {
                try await request.workouts().workoutGoals.update(record, to: goal, at: request.now)
                return request.redirect(to: SiteURL.workouts(.goals).with([("done", "saved")]))
            }
            _ = try await request.workouts().workoutGoals.add(goal, at: request.now)
            return request.redirect(to: SiteURL.workouts(.goals).with([("done", "added")]))
        }
    }

    private func formPage(_ request: Request, id: String?, form: WorkoutGoalFormPage.Form, errors: [String: String] = [:]) -> String {
        WorkoutGoalFormPage.render(
            .init(id: id, form: form, errors: errors, firstWeekday: request.localizer.firstWeekday), context: PageContext(request: request))
    }
}
