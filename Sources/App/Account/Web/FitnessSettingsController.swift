import KineticCore
import Vapor

/// The Fitness Settings page: body type and height. Answers JSON to the page's script
/// (`Accept: application/json`) and Post/Redirect/Get to a plain form post.
struct FitnessSettingsController {
    func show(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let saved = request.query[String.self, at: "saved"] != nil
        let welcome = request.query[String.self, at: "welcome"] != nil
        let model = FitnessSettingsPage.Model(fitness: user.fitness, saved: saved, welcomeName: welcome ? user.name : nil)
        return .html(FitnessSettingsPage.render(model, context: PageContext(request: request)))
    }

    func update(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let form = try request.content.decode([String: String].self)
        do {
            let patch = try FitnessPatch.parse(FormFields.members(form, numbers: ["bodyType", "height"])).get()
            try await request.profileUpdater.apply(ProfilePatch(fitness: patch), to: user)
        } catch let errors as FieldErrors where !request.wantsJSON {
            let l = request.localizer
            let model = FitnessSettingsPage.Model(fitness: user.fitness, fieldErrors: errors.messages.mapValues { l.t($0) })
            return .html(FitnessSettingsPage.render(model, context: PageContext(request: request)), status: .unprocessableEntity)
        }
        if request.wantsJSON {
            let response = Response(status: .ok)
            try response.content.encode(ProfileDTO(try user.profile()))
            return response
        }
        return request.redirect(to: SiteURL.fitnessSettings.with([("saved", "1")]), redirectType: .normal)
    }
}
