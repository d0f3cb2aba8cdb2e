import KineticCore
import Vapor

/// Turns every error into the answer its client expects: JSON for `/api` and for requests that
/// ask for JSON, an HTML error page otherwise. Unexpected errors are logged and never leak details.
struct KineticErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let appError = Self.appError(for: error, request: request)
            if appError.status == .internalServerError {
                request.logger.report(error: error)
            }
            return try Self.response(for: appError, request: request)
        }
    }

    /// Maps framework errors onto Kinetic's codes and catalog messages.
    static func appError(for error: Error, request: Request) -> AppError {
        switch error {
        case let appError as AppError:
            return appError
        case let fields as FieldErrors:
            return .validation(fields)
        case let convertible as any AppErrorConvertible:
            return convertible.appError
        case is DecodingError:
            return .invalidJSON
        case let full as ToolQueue.Full:
            return .toolsBusy(retryAfter: full.retryAfterSeconds, localizer: request.localizer)
        case let coolingDown as ToolQueue.CoolingDown:
            return .coolingDown(retryAfter: coolingDown.retryAfterSeconds, localizer: request.localizer)
        case let error where OutOfSpace.matches(error):
            request.logger.error("The disk is full: \(error)")
            return .storageFull
        case is RouteNotFound:
            let allowed = request.application.routes.allowedMethods(forPath: request.url.path)
            return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed.map(\.rawValue))
        case let abort as AbortError:
            switch abort.status {
            case .notFound: return .notFound
            case .unauthorized: return .unauthenticated
            case .payloadTooLarge: return AppError(status: .payloadTooLarge, code: "payload_too_large", messageKey: "error.payloadTooLarge")
            case .unsupportedMediaType:
                return AppError(status: .unsupportedMediaType, code: "unsupported_media_type", messageKey: "error.unsupportedMediaType")
            case .methodNotAllowed: return .methodNotAllowed()
            case .badRequest: return AppError(status: .badRequest, code: "bad_request", messageKey: "error.badRequest")
            default:
                return abort.status.code < 500
                    ? AppError(status: abort.status, code: "request_failed", messageKey: "error.badRequest")
                    : AppError(status: .internalServerError, code: "internal_error", messageKey: "error.internal")
            }
        default:
            return AppError(status: .internalServerError, code: "internal_error", messageKey: "error.internal")
        }
    }

    static func response(for error: AppError, request: Request) throws -> Response {
        let localizer = request.localizer
        let message = localizer.t(error.messageKey, arguments: error.messageArguments)
        let response: Response
        if request.wantsJSON {
            response = Response(status: error.status)
            try response.content.encode(APIErrorBody(error: .init(error, localizer: localizer)))
        } else {
            let page = ErrorPage.render(status: error.status, message: message, context: PageContext(request: request))
            response = Response(status: error.status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .init(string: page))
        }
        // The machine code for scripts and the service worker, whatever the body's type.
        response.headers.replaceOrAdd(name: "X-Kinetic-Error", value: error.code)
        if !error.allowedMethods.isEmpty {
            response.headers.replaceOrAdd(name: .allow, value: error.allowedMethods.joined(separator: ", "))
        }
        if let seconds = error.retryAfterSeconds {
            response.headers.replaceOrAdd(name: .retryAfter, value: String(seconds))
        }
        if error.closesConnection {
            // The upload's body is still coming: closing costs less than reading it to discard it.
            response.headers.replaceOrAdd(name: .connection, value: "close")
        }
        return response
    }
}

extension Request {
    /// Whether this request expects JSON: the API, or a script that asked for it by name.
    /// (`HTTPMediaType`'s equality treats `*/*` as JSON too, so a browser's `Accept` would match.)
    var wantsJSON: Bool {
        url.path.hasPrefix("/api/")
            || headers[.accept].contains { $0.lowercased().contains("application/json") }
    }
}
