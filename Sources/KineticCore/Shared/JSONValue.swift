import Foundation

/// A JSON value whose type is kept, so that validation can tell `"72"` from `72`
/// and report a wrong type as a field error rather than a decoding failure.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value as a whole number, if it is a number without a fractional part.
    public var integerValue: Int? {
        guard case .number(let number) = self,
            number.rounded() == number,
            abs(number) < 1e15
        else { return nil }
        return Int(number)
    }

    /// The value as a string, if it is one.
    public var stringValue: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }

    /// The members of an object, if it is one.
    public var objectValue: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return members
    }
}

extension JSONValue {
    /// `bytes` as JSON exactly as RFC 8259 writes it (``JSONSyntax``: no comma before `]` or
    /// `}`), a UTF-8 byte order mark allowed; the syntax problem otherwise, or `unreadable` for
    /// well-formed bytes that cannot be held.
    public static func parse(strictly bytes: [UInt8]) -> Result<JSONValue, JSONSyntax.Problem> {
        if let problem = JSONSyntax.problem(in: bytes) { return .failure(problem) }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let json = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) else {
            return .failure(JSONSyntax.Problem(kind: .unreadable, line: 1, column: 1))
        }
        return .success(json)
    }
}

extension JSONValue: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }
}
