import KineticCore
import Vapor

/// The login, sign-up and logout forms.
struct AuthWebController {
    private struct LoginForm: Content {
        var email: String?
        var password: String?
    }

    private struct SignUpForm: Content {
        var name: String?
        var email: String?
        var password: String?
        /// The browser's time zone, filled in by the page's script.
        var timeZone: String?
    }

    func showLogin(_ request: Request) async throws -> Response {
        if request.auth.has(User.self) { return request.redirect(to: SiteURL.profile.path) }
        let notice = request.query[String.self, at: "signedOut"] != nil ? request.localizer.t("login.signedOut") : nil
        return .html(LoginPage.render(.init(notice: notice), context: PageContext(request: request)))
    }

    func login(_ request: Request) async throws -> Response {
        let form = try request.content.decode(LoginForm.self)
        let service = AccountService(request: request)
        return try await request.answeringRefusals(with: { refusal in
            LoginPage.render(.init(email: form.email ?? "", error: refusal.message), context: PageContext(request: request))
        }) {
            let user = try await service.authenticate(email: form.email ?? "", password: form.password ?? "")
            let response = request.redirect(to: SiteURL.profile.path, redirectType: .normal)
            try await service.startWebSession(for: user, on: response)
            return response
        }
    }

    func showSignUp(_ request: Request) async throws -> Response {
        if request.auth.has(User.self) { return request.redirect(to: SiteURL.profile.path) }
        return .html(SignUpPage.render(.init(), context: PageContext(request: request)))
    }

    func signUp(_ request: Request) async throws -> Response {
        let form = try request.content.decode(SignUpForm.self)
        return try await request.answeringRefusals(with: { refusal in
            SignUpPage.render(.init(
                name: form.name ?? "", email: form.email ?? "", fieldErrors: refusal.fieldMessages, error: refusal.message
            ), context: PageContext(request: request))
        }) {
            let policy = request.application.passwordPolicy
            let input = try SignUpRequest.validate(name: form.name ?? "", email: form.email ?? "", password: form.password ?? "", policy: policy).get()
            let service = AccountService(request: request)
            // A time zone the browser names but Kinetic does not know falls back to the server's.
            let timeZone = form.timeZone.flatMap { try? UserTimeZone.validated($0).get() }
            let user = try await service.signUp(input, timeZone: timeZone)
            let response = request.redirect(to: SiteURL.fitnessSettings.with([("welcome", "1")]), redirectType: .normal)
            try await service.startWebSession(for: user, on: response)
            return response
        }
    }

    func logout(_ request: Request) async throws -> Response {
        let response = request.redirect(to: SiteURL.login.with([("signedOut", "1")]), redirectType: .normal)
        try await AccountService(request: request).endWebSession(on: response)
        return response
    }
}
