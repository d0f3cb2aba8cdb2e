import Foundation
import KineticCore
import Vapor

/// The Change Password and Apps and Automations pages of Settings.
struct CredentialsController {
    private struct PasswordForm: Content {
        var currentPassword: String?
        var newPassword: String?
    }

    func showPassword(_ request: Request) async throws -> Response {
        _ = try request.requireUser()
        let saved = request.query[String.self, at: "saved"] != nil
        return .html(PasswordPage.render(.init(saved: saved), context: PageContext(request: request)))
    }

    /// Changes the password, signs every other browser and app out and gives this browser a new
    /// session; a wrong current password or a weak new one re-renders the form with 422.
    func changePassword(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let form = try request.content.decode(PasswordForm.self)
        let service = request.account()
        return try await request.answeringRefusals(with: { refusal in
            PasswordPage.render(.init(fieldErrors: refusal.fieldMessages), context: PageContext(request: request))
        }) {
            try await service.changePassword(of: user, current: form.currentPassword ?? "", new: form.newPassword ?? "")
            let response = request.redirect(to: SiteURL.settingsPassword.with([("saved", "1")]), redirectType: .normal)
            try await request.startWebSession(for: user, on: response)
            return response
        }
    }

    func showTokens(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let timeZone = request.userCalendar.timeZone
        let tokens = try await request.account().apiTokens(of: user).map { token in
            TokensPage.Token(
                id: token.id.uuidString.lowercased(), label: token.label,
                lastUsed: token.lastUsedAt.map { LocalDate(containing: $0, in: timeZone) },
                expires: token.expiresAt.map { LocalDate(containing: $0, in: timeZone) }
            )
        }
        let revoked = request.query[String.self, at: "revoked"] != nil
        let lifetimeDays = Int(request.application.kineticConfiguration.apiTokenLifetime / 86_400)
        let model = TokensPage.Model(tokens: tokens, lifetimeDays: lifetimeDays, revoked: revoked)
        return .html(TokensPage.render(model, context: PageContext(request: request)))
    }

    func revoke(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        guard let id = request.parameters.get("tokenId").flatMap(UUID.init(uuidString:)) else { throw AppError.notFound }
        try await request.account().revokeAPIToken(id, of: user)
        return request.redirect(to: SiteURL.settingsTokens.with([("revoked", "1")]), redirectType: .normal)
    }
}
