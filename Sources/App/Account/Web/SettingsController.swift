import KineticCore
import Vapor

/// The Settings page and its language form.
struct SettingsController {
    private struct LanguageForm: Content {
        var language: String?
    }

    private struct TimeZoneForm: Content {
        var timeZone: String?
    }

    func show(_ request: Request) async throws -> Response {
        let saved = request.query[String.self, at: "saved"].flatMap(SettingsPage.Saved.init(rawValue:))
        return .html(try await page(request, saved: saved))
    }

    /// The Settings page of the signed-in user.
    func page(_ request: Request, saved: SettingsPage.Saved? = nil, addressError: String? = nil) async throws -> String {
        let user = try request.requireUser()
        let pending = try await AccountTokens(database: request.db, now: request.now).pendingAddress(
            of: user.requireID(), currentEmail: user.shownEmail)
        let address = SettingsPage.Address(
            email: user.shownEmail, confirmed: user.isVerified, pending: pending,
            mailAvailable: request.application.accountMailer != nil, error: addressError
        )
        let usage = try await request.account().storageUsage(of: request.requireUser())
        let model = SettingsPage.Model(
            language: user.appLanguage, timeZone: user.timeZoneIdentifier,
            serverTimeZone: request.application.kineticConfiguration.timeZone.identifier, saved: saved, address: address,
            storage: (usage.usedBytes, usage.quotaBytes)
        )
        return SettingsPage.render(model, context: PageContext(request: request))
    }

    func updateLanguage(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let code = try request.content.decode(LanguageForm.self).language ?? "auto"
        let language: AppLanguage?? = code == "auto" ? .some(nil) : AppLanguage(rawValue: code).map { .some($0) }
        guard let language else {
            throw AppError.validation(FieldErrors(["language": "error.language.unsupported"]))
        }
        try await request.account().apply(ProfilePatch(language: language), to: user)
        return request.redirect(to: SiteURL.settings.with([("saved", "language")]), redirectType: .normal)
    }

    /// Sets the time zone of the user's "today" and "this month".
    func updateTimeZone(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let zone = try UserTimeZone.validated(request.content.decode(TimeZoneForm.self).timeZone ?? "").get()
        try await request.account().apply(ProfilePatch(timeZone: zone), to: user)
        return request.redirect(to: SiteURL.settings.with([("saved", "timeZone")]), redirectType: .normal)
    }
}
