import KineticCore
import Vapor

/// Input a page's form refused, ready for the page to show again: each field's message in the
/// user's language, a message for the whole form where there is one, and the status to answer.
struct RefusedInput: Sendable {
    let status: HTTPResponseStatus
    /// Messages by field name, localized.
    let fieldMessages: [String: String]
    /// A message not tied to one field (a wrong password, a throttled attempt), localized.
    let message: String?
}

extension Request {
    /// Runs a form post's `action`. Input it refuses — a `FieldErrors` (422), or an `AppError`
    /// that names fields or is about the attempt itself (401, 409, 429) — comes back on the form's
    /// page, `page(refusal)`, with that status and any `Retry-After`. A script's request (JSON)
    /// gets the error as JSON instead. Anything else is thrown on.
    func answeringRefusals(
        with page: (RefusedInput) async throws -> String,
        _ action: () async throws -> Response
    ) async throws -> Response {
        let l = localizer
        let refusal: RefusedInput
        var retryAfter: Int?
        do {
            return try await action()
        } catch let errors as FieldErrors where !wantsJSON {
            refusal = RefusedInput(status: .unprocessableEntity, fieldMessages: errors.messages.mapValues { l.t($0) }, message: nil)
        } catch let error as AppError where !wantsJSON && error.isRefusedInput {
            let fields = error.fields.messages.mapValues { l.t($0) }
            refusal = RefusedInput(
                status: error.status, fieldMessages: fields,
                message: fields.isEmpty ? l.t(error.messageKey, arguments: error.messageArguments) : nil
            )
            retryAfter = error.retryAfterSeconds
        }
        let response = Response.html(try await page(refusal), status: refusal.status)
        if let retryAfter { response.headers.replaceOrAdd(name: .retryAfter, value: String(retryAfter)) }
        return response
    }

    /// The answer to a form that saved: `body` as JSON to the page's script, else
    /// Post/Redirect/Get to `path` (so reloading never posts twice).
    func savedAnswer(json body: @autoclosure () throws -> some Content, redirectTo path: String) throws -> Response {
        guard wantsJSON else { return redirect(to: path, redirectType: .normal) }
        let response = Response(status: .ok)
        try response.content.encode(try body())
        return response
    }
}

extension AppError {
    /// Whether the error is about what the user entered or tried (so the form comes back with
    /// it), not about the request as such (a missing page, a bad CSRF token).
    var isRefusedInput: Bool {
        !fields.isEmpty || [.unprocessableEntity, .unauthorized, .conflict, .tooManyRequests, .gone].contains(status)
            || Self.refusalCodes.contains(code)
    }

    /// Refusals with another status that a form still answers on its page: sign-up's mode,
    /// e-mail that could not go, tool work that must wait.
    private static let refusalCodes: Set<String> = [
        "signup_closed", "invitation_required", "invitation_for_another_address", "mail_unavailable", "mail_not_sent", "busy",
        "quota_exceeded", "storage_full", "tool_interrupted",
    ]
}
