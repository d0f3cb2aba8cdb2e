import KineticCore
import Vapor

/// The login, sign-up and logout forms.
struct AuthWebController {
    private struct LoginForm: Content {
        var email: String?
        var password: String?
        /// The page to return to once signed in (``ReturnPath``).
        var next: String?
    }

    private struct SignUpForm: Content {
        var name: String?
        var email: String?
        var password: String?
        /// The browser's time zone, filled in by the page's script.
        var timeZone: String?
        /// An invitation's token, when sign-up is by invitation.
        var invitation: String?
    }

    func showLogin(_ request: Request) async throws -> Response {
        let next = ReturnPath.checked(request.query[String.self, at: "next"])
        if request.auth.has(User.self) { return request.redirect(to: next ?? SiteURL.profile.path) }
        let notice =
            request.query[String.self, at: "signedOut"] != nil
            ? request.localizer.t("login.signedOut")
            : request.query[String.self, at: "passwordReset"] != nil ? request.localizer.t("password.reset.done") : nil
        return .html(
            LoginPage.render(
                .init(notice: notice, forgotPassword: request.application.accountMailer != nil, next: next),
                context: PageContext(request: request)))
    }

    func login(_ request: Request) async throws -> Response {
        let form = try request.content.decode(LoginForm.self)
        let service = request.account()
        return try await request.answeringRefusals(with: { refusal in
            LoginPage.render(
                .init(
                    email: form.email ?? "", error: refusal.message, forgotPassword: request.application.accountMailer != nil,
                    next: ReturnPath.checked(form.next)),
                context: PageContext(request: request))
        }) {
            let (user, device) = try await service.authenticate(
                email: form.email ?? "", password: form.password ?? "", device: request.cookies[LoginDevice.cookie]?.string)
            let response = request.redirect(to: ReturnPath.checked(form.next) ?? SiteURL.profile.path, redirectType: .normal)
            try await request.startWebSession(for: user, on: response)
            response.cookies[LoginDevice.cookie] = request.cookie(value: device, maxAge: Int(LoginDevice.lifetime), sameSite: .strict)
            return response
        }
    }

    func showSignUp(_ request: Request) async throws -> Response {
        if request.auth.has(User.self) { return request.redirect(to: SiteURL.profile.path) }
        return .html(try await signUpPage(request, .init()))
    }

    /// The sign-up page as the server's mode has it: open; by invitation (the link's address,
    /// or a word that an invitation is needed); closed.
    private func signUpPage(_ request: Request, _ model: SignUpPage.Model, invitation: String? = nil) async throws -> String {
        var model = model
        let token = invitation ?? request.query[String.self, at: "invitation"]
        switch request.application.kineticConfiguration.signUpMode {
        case .open: break
        case .closed: model.mode = .closed
        case .invite:
            if let token, let valid = try await AccountTokens(database: request.db, now: request.now).valid(token, .invitation) {
                model.mode = .invited(token: token, email: valid.email)
                model.email = valid.email
            } else {
                model.mode = .invitationNeeded
            }
        }
        return SignUpPage.render(model, context: PageContext(request: request))
    }

    func signUp(_ request: Request) async throws -> Response {
        let form = try request.content.decode(SignUpForm.self)
        return try await request.answeringRefusals(with: { refusal in
            try await signUpPage(
                request,
                .init(
                    name: form.name ?? "", email: form.email ?? "", fieldErrors: refusal.fieldMessages, error: refusal.message
                ), invitation: form.invitation)
        }) {
            let policy = request.application.passwordPolicy
            let input = try SignUpRequest.validate(
                name: form.name ?? "", email: form.email ?? "", password: form.password ?? "", policy: policy
            ).get()
            let service = request.account()
            // A time zone the browser names but Kinetic does not know falls back to the server's.
            let timeZone = form.timeZone.flatMap { try? UserTimeZone.validated($0).get() }
            let user = try await service.signUp(input, timeZone: timeZone, invitation: form.invitation)
            let sent = await service.sendConfirmationAfterSignUp(user)
            let response = request.redirect(
                to: SiteURL.fitnessSettings.with([("welcome", "1"), ("linkSent", sent ? "1" : nil)]), redirectType: .normal)
            try await request.startWebSession(for: user, on: response)
            return response
        }
    }

    func logout(_ request: Request) async throws -> Response {
        let response = request.redirect(to: SiteURL.login.with([("signedOut", "1")]), redirectType: .normal)
        try await request.endWebSession(on: response)
        // What the browser kept goes with the session: its cache of private pages, and the
        // storage of this site (the service worker's copies of pages, kept for use offline, and
        // the worker itself: the next signed-in page registers it again).
        response.headers.replaceOrAdd(name: "Clear-Site-Data", value: "\"cache\", \"storage\"")
        return response
    }
}
