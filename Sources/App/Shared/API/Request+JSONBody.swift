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
    /// The string members named in `names` and those of `optional` that are present (null
    /// counts as absent); a missing required member or a non-string member is a field error.
    func requiredStrings(_ names: [String], optional: [String] = []) -> Result<[String: String], FieldErrors> {
        var reader: JSONMemberReader
        switch JSONMemberReader.object(self) {
        case .success(let members): reader = members
        case .failure(let errors): return .failure(errors)
        }
        var values: [String: String] = [:]
        for name in names { values[name] = reader.string(name) }
        for name in optional { values[name] = reader.nullableString(name) ?? nil }
        return reader.result(values)
    }
}
