import KineticCore
import Vapor

/// The Settings page and its language form.
struct SettingsController {
    private struct LanguageForm: Content {
        var language: String?
    }

    func show(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let saved = request.query[String.self, at: "saved"] != nil
        return .html(SettingsPage.render(.init(language: user.appLanguage, saved: saved), context: PageContext(request: request)))
    }

    func updateLanguage(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let code = try request.content.decode(LanguageForm.self).language ?? "auto"
        let language: AppLanguage?? = code == "auto" ? .some(nil) : AppLanguage(rawValue: code).map { .some($0) }
        guard let language else {
            throw AppError.validation(FieldErrors(["language": "error.language.unsupported"]))
        }
        try await request.profileUpdater.apply(ProfilePatch(language: language), to: user)
        return request.redirect(to: SiteURL.settings.path + "?saved=1", redirectType: .normal)
    }
}
