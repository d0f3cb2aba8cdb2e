import Foundation

/// Reads the members of a JSON object for validation: every member by name and expected type,
/// each problem a field error (`error.field.required`, `…stringExpected`, `…integerExpected`,
/// `…objectExpected`, `…unknown`), all of them collected so a client hears every one at once.
/// The one reader behind the API's and the forms' validation rules.
public struct JSONMemberReader {
    /// Whether a member must be there, and what `null` means for it.
    public enum Presence: Sendable {
        /// Absent or null is `error.field.required`.
        case required
        /// Absent is fine (nil); null is a wrong type.
        case optional
    }

    public let members: [String: JSONValue]
    public private(set) var errors = FieldErrors()

    /// Reads `members`; with `known`, any other member is `error.field.unknown`.
    public init(_ members: [String: JSONValue], known: Set<String>? = nil) {
        self.members = members
        if let known {
            for name in members.keys where !known.contains(name) { errors.add(name, "error.field.unknown") }
        }
    }

    /// Reads a request body, which must be an object (`body`: `error.body.objectExpected`).
    public static func object(_ body: JSONValue, known: Set<String>? = nil) -> Result<JSONMemberReader, FieldErrors> {
        guard let members = body.objectValue else { return .failure(FieldErrors(["body": "error.body.objectExpected"])) }
        return .success(JSONMemberReader(members, known: known))
    }

    public mutating func string(_ name: String, _ presence: Presence = .required) -> String? {
        typed(name, presence, "error.field.stringExpected") { $0.stringValue }
    }

    /// A UUID as text; `invalidKey` when the text is not one.
    public mutating func uuid(_ name: String, _ presence: Presence = .required, invalidKey: String) -> UUID? {
        guard let text = string(name, presence) else { return nil }
        guard let id = UUID(uuidString: text) else {
            fail(name, invalidKey)
            return nil
        }
        return id
    }

    public mutating func integer(_ name: String, _ presence: Presence = .required) -> Int? {
        typed(name, presence, "error.field.integerExpected") { $0.integerValue }
    }

    public mutating func object(_ name: String, _ presence: Presence = .required) -> [String: JSONValue]? {
        typed(name, presence, "error.field.objectExpected") { $0.objectValue }
    }

    /// A finite number (whole or not).
    public mutating func number(_ name: String, _ presence: Presence = .required) -> Double? {
        typed(name, presence, "error.field.numberExpected") { value in
            guard case .number(let number) = value, number.isFinite else { return nil }
            return number
        }
    }

    public mutating func bool(_ name: String, _ presence: Presence = .required) -> Bool? {
        typed(name, presence, "error.field.booleanExpected") { value in
            guard case .bool(let flag) = value else { return nil }
            return flag
        }
    }

    /// A member that may be set to null to clear it: nil when absent, `.some(nil)` for null.
    public mutating func nullableNumber(_ name: String) -> Double?? {
        if members[name] == .null { return .some(nil) }
        return number(name, .optional).map { .some($0) }
    }

    /// A member that may be set to null to clear it: nil when absent, `.some(nil)` for null.
    public mutating func nullableString(_ name: String) -> String?? {
        if members[name] == .null { return .some(nil) }
        return string(name, .optional).map { .some($0) }
    }

    /// A member that may be set to null to clear it: nil when absent, `.some(nil)` for null.
    public mutating func nullableInteger(_ name: String) -> Int?? {
        if members[name] == .null { return .some(nil) }
        return integer(name, .optional).map { .some($0) }
    }

    /// An array of strings; a missing or non-array member is `missingKey`, each non-string
    /// item `error.field.stringExpected` at `name[index]`.
    public mutating func strings(_ name: String, missingKey: String) -> [String]? {
        guard case .array(let items)? = members[name] else {
            fail(name, missingKey)
            return nil
        }
        var strings: [String] = []
        for (index, item) in items.enumerated() {
            if let string = item.stringValue { strings.append(string) } else { fail("\(name)[\(index)]", "error.field.stringExpected") }
        }
        return strings.count == items.count ? strings : nil
    }

    /// Records a rule's message for a member (the first message per member is kept).
    public mutating func fail(_ name: String, _ messageKey: String) {
        errors.add(name, messageKey)
    }

    /// Records a nested object's errors under `prefix` (`fitness.height`).
    public mutating func merge(_ other: FieldErrors, prefix: String?) {
        errors.merge(other, prefix: prefix)
    }

    /// `value` when nothing failed, else every error.
    public func result<Value>(_ value: @autoclosure () -> Value?) -> Result<Value, FieldErrors> {
        guard errors.isEmpty, let value = value() else { return .failure(errors) }
        return .success(value)
    }

    private mutating func typed<Value>(_ name: String, _ presence: Presence, _ wrongType: String, _ read: (JSONValue) -> Value?) -> Value? {
        switch members[name] {
        case nil:
            if presence == .required { fail(name, "error.field.required") }
            return nil
        case .null?:
            fail(name, presence == .required ? "error.field.required" : wrongType)
            return nil
        case let value?:
            guard let typed = read(value) else {
                fail(name, wrongType)
                return nil
            }
            return typed
        }
    }
}

extension JSONMemberReader {
    /// A member listing names of `Value` (an enumeration's raw values); an unknown name is
    /// `unknownKey` at `name[index]`, a member that is not an array of strings a field error.
    public mutating func names<Value: RawRepresentable & Hashable>(
        _ name: String, of type: Value.Type, unknownKey: String
    ) -> Set<Value>? where Value.RawValue == String {
        guard let texts = strings(name, missingKey: "error.field.arrayExpected") else { return nil }
        let read = Value.named(texts)
        for index in read.unknownAt { fail("\(name)[\(index)]", unknownKey) }
        return read.values
    }
}
