import Vapor

/// The Profile page.
struct ProfileController {
    func show(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let model = ProfilePage.Model(name: user.name, email: user.shownEmail, fitness: user.fitness, language: user.appLanguage)
        return .html(ProfilePage.render(model, context: PageContext(request: request)))
    }
}
