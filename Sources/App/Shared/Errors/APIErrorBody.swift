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
