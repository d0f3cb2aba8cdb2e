import Foundation
import KineticCore
import Vapor

extension Request {
    /// The body as a JSON value; 400 when it is missing or not JSON.
    func jsonBody() throws -> JSONValue {
        guard let buffer = body.data, buffer.readableBytes > 0 else { throw AppError.invalidJSON }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(buffer.readableBytesView))
        } catch {
            throw AppError.invalidJSON
        }
    }
}

extension JSONValue {
    /// The string members named in `names`; a missing or non-string member is a field error.
    func requiredStrings(_ names: [String]) -> Result<[String: String], FieldErrors> {
        guard let members = objectValue else { return .failure(FieldErrors(["body": "error.body.objectExpected"])) }
        var values: [String: String] = [:]
        var errors = FieldErrors()
        for name in names {
            switch members[name] {
            case nil, .null?: errors.add(name, "error.field.required")
            case .string(let string)?: values[name] = string
            case _?: errors.add(name, "error.field.stringExpected")
            }
        }
        return errors.isEmpty ? .success(values) : .failure(errors)
    }
}
