import KineticCore
import Vapor

/// An error a user or client can act on: an HTTP status, a stable machine code, a catalog
/// message key and, for validation, a message key per field.
struct AppError: Error, Sendable {
    let status: HTTPResponseStatus
    let code: String
    let messageKey: String
    var messageArguments: [String] = []
    var fields: FieldErrors = FieldErrors()
    /// What fills the placeholders of a field's message, by field path.
    var fieldArguments: [String: [String]] = [:]
    var retryAfterSeconds: Int?
    /// For a 405: the methods the path does answer, sent as `Allow`.
    var allowedMethods: [String] = []
    /// Answered before the request's body was read: the connection closes after the answer.
    var closesConnection = false

    static func validation(_ fields: FieldErrors) -> AppError {
        AppError(status: .unprocessableEntity, code: "validation_failed", messageKey: "error.validation", fields: fields)
    }

    static let invalidCredentials = AppError(status: .unauthorized, code: "invalid_credentials", messageKey: "error.login.invalid")
    static let unauthenticated = AppError(status: .unauthorized, code: "unauthenticated", messageKey: "error.unauthenticated")
    static let emailTaken = AppError(
        status: .conflict, code: "email_taken", messageKey: "error.email.taken",
        fields: FieldErrors(["email": "error.email.taken"])
    )
    static let invalidJSON = AppError(status: .badRequest, code: "invalid_json", messageKey: "error.json.invalid")
    static let csrfRejected = AppError(status: .forbidden, code: "csrf_rejected", messageKey: "error.csrf")
    static let notFound = AppError(status: .notFound, code: "not_found", messageKey: "error.notFound")
    /// 414: a request path longer than any of Kinetic's (``RequestLimitsMiddleware``).
    static let uriTooLong = AppError(status: .uriTooLong, code: "uri_too_long", messageKey: "error.uriTooLong")
    /// 415: a request body in a content coding (``RequestLimitsMiddleware``).
    static let codedRequestBody = AppError(
        status: .unsupportedMediaType, code: "unsupported_media_type", messageKey: "error.contentEncoding")

    /// 409: the request crossed another one changing the same thing.
    static func conflict(messageKey: String) -> AppError {
        AppError(status: .conflict, code: "conflict", messageKey: messageKey)
    }

    static let uploadIncomplete = AppError(status: .badRequest, code: "upload_incomplete", messageKey: "error.upload.incomplete")

    /// 422: an `Idempotency-Key` that is not a UUID.
    static let idempotencyKeyInvalid = AppError(
        status: .unprocessableEntity, code: "validation_failed", messageKey: "error.validation",
        fields: FieldErrors(["Idempotency-Key": "error.idempotencyKey.invalid"])
    )
    /// 422: an `Idempotency-Key` sent before with another request.
    static let idempotencyKeyReused = AppError(
        status: .unprocessableEntity, code: "idempotency_key_reused", messageKey: "error.idempotencyKey.reused")
    /// 409: the first request with this `Idempotency-Key` has not answered yet.
    static let idempotencyKeyInProgress = AppError(
        status: .conflict, code: "idempotency_key_in_progress", messageKey: "error.idempotencyKey.inProgress", retryAfterSeconds: 1)

    /// 503: this server sends no e-mail (`KINETIC_SMTP_URL` is not set).
    static let mailUnavailable = AppError(status: .serviceUnavailable, code: "mail_unavailable", messageKey: "error.mail.unavailable")
    /// 502: the mail server did not take an account's e-mail; nothing else changed.
    static let mailNotSent = AppError(status: .badGateway, code: "mail_not_sent", messageKey: "error.mail.notSent")
    /// 409: the address asked for no more e-mail from Kinetic, so no link goes there.
    static let mailOptedOut = AppError(status: .conflict, code: "mail_opted_out", messageKey: "error.mail.optedOut")
    /// 410: a link that confirms an address, resets a password or invites expired or was used.
    static let linkInvalid = AppError(status: .gone, code: "link_invalid", messageKey: "error.link.invalid")
    /// 403: sign-up is by invitation here, and none valid came with it.
    static let invitationRequired = AppError(status: .forbidden, code: "invitation_required", messageKey: "error.signUp.invitationRequired")
    /// 403: the invitation is for another address.
    static let invitationForAnotherAddress = AppError(
        status: .forbidden, code: "invitation_for_another_address", messageKey: "error.signUp.invitationForAnotherAddress",
        fields: FieldErrors(["email": "error.signUp.invitationForAnotherAddress"])
    )
    /// 403: nobody signs up here; an administrator makes accounts.
    static let signUpClosed = AppError(status: .forbidden, code: "signup_closed", messageKey: "error.signUp.closed")

    /// 405; `allowed` (the methods the path does answer) goes out as `Allow` when known.
    static func methodNotAllowed(allowed: [String] = []) -> AppError {
        var error = AppError(status: .methodNotAllowed, code: "method_not_allowed", messageKey: "error.methodNotAllowed")
        error.allowedMethods = allowed
        return error
    }

    static func uploadTooLarge(maximumBytes: Int, localizer: Localizer) -> AppError {
        AppError(
            status: .payloadTooLarge, code: "upload_too_large", messageKey: "error.upload.tooLarge",
            messageArguments: [localizer.number(maximumBytes >> 20)]
        )
    }

    /// 408: the body came more slowly than ``BodyPace`` allows (a stalled or dripping client).
    static func uploadTooSlow(pace: BodyPace, localizer: Localizer) -> AppError {
        AppError(
            status: .requestTimeout, code: "upload_too_slow", messageKey: "error.upload.tooSlow",
            messageArguments: [localizer.number(pace.minimumBytesPerSecond >> 10)], closesConnection: true
        )
    }

    /// 507: the upload would take the user past their storage quota.
    static func quotaExceeded(used: Int, quota: Int, localizer: Localizer) -> AppError {
        AppError(
            status: .insufficientStorage, code: "quota_exceeded", messageKey: "error.storage.quota",
            messageArguments: [localizer.byteCount(used), localizer.byteCount(quota)], closesConnection: true
        )
    }

    /// 507: the server's disk is full; nothing was kept.
    static let storageFull = AppError(status: .insufficientStorage, code: "storage_full", messageKey: "error.storage.full")

    /// 503: a tool was stopped before it could judge the file (its time limit, a kill from
    /// outside, too much output): nothing is wrong with the file as far as Kinetic knows.
    static func toolInterrupted(_ failure: ToolProcess.Failed) -> AppError {
        // Past its computing time the file is why, whatever the machine was doing.
        if failure.ranOutOfComputingTime { return fileTooCostly(failure) }
        let key =
            switch failure.interruption {
            case .timedOut, .ranOutOfComputingTime: "error.tool.timedOut"
            case .outputTooLarge: "error.tool.outputTooLarge"
            case .killed, .couldNotStart, nil: "error.tool.stopped"
            }
        var error = AppError(status: .serviceUnavailable, code: "tool_interrupted", messageKey: key, retryAfterSeconds: 30)
        error.messageArguments = failure.timeLimit.map { [String($0)] } ?? []
        return error
    }

    /// The code of ``fileTooCostly(_:)``, by which the ``ToolQueue`` knows to cool its sender down.
    static let fileTooCostlyCode = "file_too_costly"

    /// 422: reading the file took more than its budget (a photo's decode, a song's analysis):
    /// the file, not the server, is the problem, and its sender's next tool work waits a while
    /// (``ToolQueue/coolDown(after:shares:)``).
    static func fileTooCostly(_ failure: ToolProcess.Failed) -> AppError {
        var error = AppError(status: .unprocessableEntity, code: fileTooCostlyCode, messageKey: "error.tool.tooCostly")
        error.messageArguments = failure.timeLimit.map { [String($0)] } ?? []
        return error
    }

    /// 429: the sender's last file was too costly to read, so their tool work waits `seconds`.
    static func coolingDown(retryAfter seconds: Int, localizer: Localizer) -> AppError {
        AppError(
            status: .tooManyRequests, code: "cooling_down", messageKey: "error.tool.coolingDown",
            messageArguments: [localizer.number(seconds)], retryAfterSeconds: seconds, closesConnection: true
        )
    }

    /// 503: too much tool work waits (``ToolQueue``); try again after `seconds`.
    static func toolsBusy(retryAfter seconds: Int, localizer: Localizer) -> AppError {
        AppError(
            status: .serviceUnavailable, code: "busy", messageKey: "error.toolsBusy",
            messageArguments: [localizer.number(seconds)], retryAfterSeconds: seconds, closesConnection: true
        )
    }

    /// 429 for a throttled login (the default) or sign-up (`messageKey: "error.signUp.throttled"`).
    static func tooManyAttempts(retryAfter seconds: Int, localizer: Localizer, messageKey: String = "error.login.throttled") -> AppError {
        AppError(
            status: .tooManyRequests, code: "too_many_attempts", messageKey: messageKey,
            messageArguments: [localizer.number(seconds)], retryAfterSeconds: seconds
        )
    }
}

/// An error of a module's own that knows how it is answered: the error middleware answers it
/// as its ``appError``, so `Shared` needs to know no module's errors.
protocol AppErrorConvertible: Error {
    var appError: AppError { get }
}
