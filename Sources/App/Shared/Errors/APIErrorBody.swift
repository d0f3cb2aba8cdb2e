import Vapor

/// The JSON error shape of the API: `{"error": {"code", "message", "fields"?}}`.
struct APIErrorBody: Content {
    struct Detail: Content {
        let code: String
        let message: String
        let fields: [String: String]?
    }

    let error: Detail
}

extension APIErrorBody.Detail {
    /// `error` in `localizer`'s language, with a message per field when it has any.
    init(_ error: AppError, localizer: Localizer) {
        let fields =
            error.fields.isEmpty
            ? nil
            : Dictionary(
                uniqueKeysWithValues: error.fields.messages.map {
                    ($0.key, localizer.t($0.value, arguments: error.fieldArguments[$0.key] ?? []))
                })
        self.init(code: error.code, message: localizer.t(error.messageKey, arguments: error.messageArguments), fields: fields)
    }
}
