import KineticCore
import Vapor

/// The pages of address ownership: a link that confirms an address, forgot password, a link
/// that sets a new password, and Settings' "send the link again".
struct AddressController {
    private struct EmailForm: Content {
        var email: String?
    }

    private struct PasswordForm: Content {
        var password: String?
    }

    private func token(_ request: Request) throws -> String {
        guard let token = request.parameters.get("token"), !token.isEmpty else { throw AppError.notFound }
        return token
    }

    func showConfirmation(_ request: Request) async throws -> Response {
        let token = try token(request)
        let context = PageContext(request: request)
        guard let link = try await AccountTokens(database: request.db, now: request.now).valid(token, .confirmAddress) else {
            return Response.html(ConfirmAddressPage.render(.invalid, context: context), status: .gone).keptNowhere()
        }
        return Response.html(ConfirmAddressPage.render(.ready(token: token, email: link.email), context: context)).keptNowhere()
    }

    func confirm(_ request: Request) async throws -> Response {
        let token = try token(request)
        return try await request.answeringRefusals(with: { refusal in
            refusal.status == .gone
                ? ConfirmAddressPage.render(.invalid, context: PageContext(request: request))
                : ConfirmAddressPage.render(
                    .ready(token: token, email: ""), error: refusal.message ?? refusal.fieldMessages.values.first,
                    context: PageContext(request: request))
        }) {
            let user = try await request.account().confirmAddress(secret: token)
            return .html(ConfirmAddressPage.render(.confirmed(email: user.email), context: PageContext(request: request)))
        }
    }

    /// Settings' button: the link goes again (or, with a pending change, to the new address).
    func sendConfirmation(_ request: Request) async throws -> Response {
        let user = try request.requireUser()
        let pending = try await AccountTokens(database: request.db, now: request.now).pendingAddress(
            of: user.requireID(), currentEmail: user.shownEmail)
        guard !user.isVerified || pending != nil else { return request.redirect(to: SiteURL.settings.path, redirectType: .normal) }
        return try await request.answeringRefusals(with: { refusal in
            try await SettingsController().page(request, addressError: refusal.message)
        }) {
            try await request.account().sendAddressConfirmation(to: user, email: pending)
            return request.redirect(to: SiteURL.settings.with([("saved", "addressLink")]), redirectType: .normal)
        }
    }

    func showForgotPassword(_ request: Request) async throws -> Response {
        let model = ForgotPasswordPage.Model(mailAvailable: request.application.accountMailer != nil)
        return .html(ForgotPasswordPage.render(model, context: PageContext(request: request)))
    }

    func forgotPassword(_ request: Request) async throws -> Response {
        let email = try request.content.decode(EmailForm.self).email?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return try await request.answeringRefusals(with: { refusal in
            ForgotPasswordPage.render(
                .init(email: email, error: refusal.message, mailAvailable: request.application.accountMailer != nil),
                context: PageContext(request: request))
        }) {
            try await request.account().requestPasswordReset(email: email, device: request.cookies[LoginDevice.cookie]?.string)
            return .html(ForgotPasswordPage.render(.init(email: email, sent: true), context: PageContext(request: request)))
        }
    }

    func showResetPassword(_ request: Request) async throws -> Response {
        let token = try token(request)
        let valid = try await AccountTokens(database: request.db, now: request.now).valid(token, .resetPassword) != nil
        return Response.html(
            ResetPasswordPage.render(.init(token: valid ? token : nil), context: PageContext(request: request)), status: valid ? .ok : .gone
        ).keptNowhere()
    }

    func resetPassword(_ request: Request) async throws -> Response {
        let token = try token(request)
        let password = try request.content.decode(PasswordForm.self).password ?? ""
        return try await request.answeringRefusals(with: { refusal in
            ResetPasswordPage.render(
                .init(token: refusal.status == .gone ? nil : token, fieldErrors: refusal.fieldMessages, error: refusal.message),
                context: PageContext(request: request))
        }) {
            try await request.account().resetPassword(secret: token, newPassword: password)
            let response = request.redirect(to: SiteURL.login.with([("passwordReset", "1")]), redirectType: .normal)
            try await request.endWebSession(on: response)
            return response
        }
    }
}
