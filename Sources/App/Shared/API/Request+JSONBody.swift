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
    /// The string members named in `names` and those of `optional` that are present; a missing
    /// required member or a non-string member is a field error.
    func requiredStrings(_ names: [String], optional: [String] = []) -> Result<[String: String], FieldErrors> {
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
        for name in optional {
            switch members[name] {
            case nil, .null?: continue
            case .string(let string)?: values[name] = string
            case _?: errors.add(name, "error.field.stringExpected")
            }
        }
        return errors.isEmpty ? .success(values) : .failure(errors)
    }
}
