import KineticCore
import Vapor

/// The Goals page, the Edit My Goals form and Jump History.
struct GoalsController {
    func show(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let report = try await request.goals().progress()
        let month = request.query[String.self, at: "month"].flatMap(Month.init)
        let category = request.query[String.self, at: "category"].flatMap(GoalsPage.Category.init(rawValue:))
        let view = request.query[String.self, at: "view"].flatMap(RingRepresentation.init(rawValue:)) ?? .progress
        let model = GoalsPage.Model(report: report, month: month, category: category, fitness: user.fitness)
        return .html(GoalsPage.render(model, view: view, context: PageContext(request: request)))
    }

    /// Saves the monthly jump and calorie goals (JSON for the dialog's script, else back to Goals).
    func saveGoals(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let form = try request.content.decode([String: String].self)
        // A disabled calorie section posts nothing: the calorie goal stays as it is.
        let patch = try FitnessPatch.parse(FormFields.members(form, numbers: ["jumpGoal", "calorieGoal"])).get()
        try await request.account().apply(ProfilePatch(fitness: patch), to: user)
        return try request.savedAnswer(json: ProfileDTO(try user.profile()), redirectTo: SiteURL.module(.goals).path)
    }
}
