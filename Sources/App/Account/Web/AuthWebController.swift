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
        do {
            let user = try await service.authenticate(email: form.email ?? "", password: form.password ?? "")
            let response = request.redirect(to: SiteURL.profile.path, redirectType: .normal)
            try await service.startWebSession(for: user, on: response)
            return response
        } catch let error as AppError where error.status == .unauthorized || error.status == .tooManyRequests {
            let message = request.localizer.t(error.messageKey, arguments: error.messageArguments)
            let page = LoginPage.render(.init(email: form.email ?? "", error: message), context: PageContext(request: request))
            let response = Response.html(page, status: error.status)
            if let seconds = error.retryAfterSeconds { response.headers.replaceOrAdd(name: .retryAfter, value: String(seconds)) }
            return response
        }
    }

    func showSignUp(_ request: Request) async throws -> Response {
        if request.auth.has(User.self) { return request.redirect(to: SiteURL.profile.path) }
        return .html(SignUpPage.render(.init(), context: PageContext(request: request)))
    }

    func signUp(_ request: Request) async throws -> Response {
        let form = try request.content.decode(SignUpForm.self)
        let l = request.localizer
        func failed(_ errors: FieldErrors, status: HTTPResponseStatus, message: String? = nil) -> Response {
            let model = SignUpPage.Model(
                name: form.name ?? "", email: form.email ?? "",
                fieldErrors: errors.messages.mapValues { l.t($0) }, error: message
            )
            return .html(SignUpPage.render(model, context: PageContext(request: request)), status: status)
        }
        switch SignUpRequest.validate(name: form.name ?? "", email: form.email ?? "", password: form.password ?? "", policy: request.application.passwordPolicy) {
        case .failure(let errors):
            return failed(errors, status: .unprocessableEntity)
        case .success(let input):
            let service = AccountService(request: request)
            do {
                // A time zone the browser names but Kinetic does not know falls back to the server's.
                let timeZone = form.timeZone.flatMap { try? UserTimeZone.validated($0).get() }
                let user = try await service.signUp(input, timeZone: timeZone)
                let response = request.redirect(to: SiteURL.fitnessSettings.with([("welcome", "1")]), redirectType: .normal)
                try await service.startWebSession(for: user, on: response)
                return response
            } catch let error as AppError where error.code == AppError.emailTaken.code {
                return failed(error.fields, status: .conflict)
            } catch let error as AppError where error.status == .tooManyRequests {
                let response = failed(FieldErrors(), status: .tooManyRequests, message: l.t(error.messageKey, arguments: error.messageArguments))
                response.headers.replaceOrAdd(name: .retryAfter, value: String(error.retryAfterSeconds ?? 1))
                return response
            }
        }
    }

    func logout(_ request: Request) async throws -> Response {
        let response = request.redirect(to: SiteURL.login.with([("signedOut", "1")]), redirectType: .normal)
        try await AccountService(request: request).endWebSession(on: response)
        return response
    }
}
