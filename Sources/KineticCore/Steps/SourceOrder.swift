/// The order of sources a user sets in Steps settings: checked, moved one place at a time, and
/// kept only when it differs from the default (so sources that appear later still rank by kind).
public enum SourceOrder {
    /// `requested` when every name is one of the user's sources and none appears twice; the
    /// failures otherwise, keyed `order[i]`.
    public static func validate(_ requested: [String], known: Set<String>) -> Result<[String], FieldErrors> {
        var errors = FieldErrors()
        var seen = Set<String>()
        for (index, name) in requested.enumerated() {
            if !known.contains(name) {
                errors.add("order[\(index)]", "error.sources.unknown")
            } else if !seen.insert(name).inserted {
                errors.add("order[\(index)]", "error.sources.duplicate")
            }
        }
        return errors.isEmpty ? .success(requested) : .failure(errors)
    }

    /// `order` with the name at `index` moved `offset` places (−1 up, +1 down); a move past
    /// either end, or from an index the order does not have, leaves the order as it is.
    public static func moving(_ order: [String], at index: Int, by offset: Int) -> [String] {
        guard order.indices.contains(index), (-1...1).contains(offset) else { return order }
        let target = index + offset
        guard order.indices.contains(target) else { return order }
        var moved = order
        moved.swapAt(index, target)
        return moved
    }

    /// What to store for `order`: nothing when it puts `sources` in the default order.
    public static func stored(_ order: [String], sources: [(name: String, kind: StepSourceKind)]) -> [String] {
        order == SourceRanking().sorted(sources) ? [] : order
    }
}

extension StepSourceKind {
    /// The API's name for the kind: `manual`, `watch`, `phone` or `other`.
    public var code: String {
        switch self {
        case .manual: "manual"
        case .watch: "watch"
        case .phone: "phone"
        case .other: "other"
        }
    }
}
