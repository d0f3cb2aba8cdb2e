import Fluent
import Foundation
import KineticCore
import Vapor

/// Get Workout: the form, and its post, which builds the workout, keeps it as a draft and
/// opens its Summary.
struct GetWorkoutController {
    private struct Form: Content {
        var focus: String?
        var categories: [String]?
        var muscles: [String]?
        var equipment: [String]?
        var difficulty: String?
        var duration: Int?
        var themes: [String]?
    }

    func show(_ request: Request) async throws -> Response {
        .html(try await page(GetWorkoutPage.Model(), request: request))
    }

    func generate(_ request: Request) async throws -> Response {
        let form = try request.content.decode(Form.self)
        var choices = GetWorkoutPage.Choices()
        choices.focus = form.focus == "muscles" ? "muscles" : "categories"
        choices.categories = Set(form.categories ?? [])
        choices.muscles = Set(form.muscles ?? [])
        choices.equipment = Set(form.equipment ?? [])
        choices.difficulty = form.difficulty ?? ""
        choices.duration = form.duration ?? 0
        choices.themes = Set(form.themes ?? [])
        return try await request.answeringRefusals(with: { refusal in
            // `equipment[0]` and the like belong to their list's field.
            let errors = Dictionary(
                refusal.fieldMessages.map { (String($0.key.prefix { $0 != "[" }), $0.value) }, uniquingKeysWith: { first, _ in first })
            return try await page(GetWorkoutPage.Model(choices: choices, errors: errors, message: refusal.message), request: request)
        }) {
            let builder = try request.workouts().workoutBuilder
            let workout = try await builder.keep(builder.build(choices.members, seed: nil), saved: false, now: request.now)
            try await request.workouts().workouts.removeStaleDrafts(now: request.now)
            return request.redirect(to: SiteURL.workouts(.summary(id: try workout.requireID().uuidString)).path)
        }
    }

    private func page(_ model: GetWorkoutPage.Model, request: Request) async throws -> String {
        var model = model
        let l = request.localizer
        let library = try await request.workouts().songs.library()
        // A used-up theme is not offered (the Themes page says so).
        model.themes = try await request.workouts().themes.all().filter { $0.workoutsLeft > 0 }.map { theme in
            GetWorkoutPage.ThemeOption(
                id: try theme.requireID().uuidString, name: theme.name,
                detail: l.plural("workouts.themes.songCount", count: theme.theme.songCount(in: library))
            )
        }
        return GetWorkoutPage.render(model, context: PageContext(request: request))
    }
}
