/// Validation failures keyed by field path (e.g. `fitness.height`), each with a message key
/// from the String Catalog. Empty means valid.
public struct FieldErrors: Error, Equatable, Sendable {
    /// Message keys (String Catalog keys) by field path.
    public private(set) var messages: [String: String] = [:]

    public init(_ messages: [String: String] = [:]) {
        self.messages = messages
    }

    /// True when no field failed.
    public var isEmpty: Bool { messages.isEmpty }

    /// Records a failure for `field`; the first failure of a field wins.
    public mutating func add(_ field: String, _ messageKey: String) {
        if messages[field] == nil { messages[field] = messageKey }
    }

    /// Merges another set of failures, prefixing their field paths when a prefix is given.
    public mutating func merge(_ other: FieldErrors, prefix: String?) {
        for (field, key) in other.messages {
            add(prefix.map { "\($0).\(field)" } ?? field, key)
        }
    }
}
