import Foundation
import KineticCore
import Vapor

extension Request {
    /// The body as a JSON value; 400 when it is missing or not JSON. Parsed off the event loop
    /// unless it is small (``parsing(bytes:_:)``).
    func jsonBody() async throws -> JSONValue {
        try await jsonBody { $0 }
    }

    /// What `read` makes of the body's JSON value, decoded and read in one go off the event
    /// loop unless the body is small (a large push of samples is as costly to read as to decode).
    func jsonBody<Value: Sendable>(_ read: @escaping @Sendable (JSONValue) throws -> Value) async throws -> Value {
        guard let buffer = body.data, buffer.readableBytes > 0 else { throw AppError.invalidJSON }
        return try await parsing(bytes: buffer.readableBytes) {
            let json: JSONValue
            do {
                json = try JSONDecoder().decode(JSONValue.self, from: Data(buffer.readableBytesView))
            } catch {
                throw AppError.invalidJSON
            }
            return try read(json)
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
