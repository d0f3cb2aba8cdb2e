import KineticCore
import Vapor

/// The Fitness Settings page: body type and height. Answers JSON to the page's script
/// (`Accept: application/json`) and Post/Redirect/Get to a plain form post.
struct FitnessSettingsController {
    func show(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let saved = request.query[String.self, at: "saved"] != nil
        let welcome = request.query[String.self, at: "welcome"] != nil
        var model = FitnessSettingsPage.Model(fitness: user.fitness, saved: saved, welcomeName: welcome ? user.name : nil)
        if welcome, request.query[String.self, at: "linkSent"] != nil { model.linkSentTo = user.shownEmail }
        return .html(FitnessSettingsPage.render(model, context: PageContext(request: request)))
    }

    func update(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let form = try request.content.decode([String: String].self)
        return try await request.answeringRefusals(with: { refusal in
            FitnessSettingsPage.render(
                .init(fitness: user.fitness, fieldErrors: refusal.fieldMessages), context: PageContext(request: request))
        }) {
            let patch = try FitnessPatch.parse(FormFields.members(form, numbers: ["bodyType", "height"])).get()
            try await request.account().apply(ProfilePatch(fitness: patch), to: user)
            return try request.savedAnswer(json: ProfileDTO(try user.profile()), redirectTo: SiteURL.fitnessSettings.with([("saved", "1")]))
        }
    }
}
