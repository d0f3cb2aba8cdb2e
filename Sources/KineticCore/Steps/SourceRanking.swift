/// The order in which sources are trusted where their samples overlap: the user's own order
/// first (Steps settings), then the default by kind (manual, Watch, iPhone/iPod, others) and name.
public struct SourceRanking: Equatable, Sendable {
    /// Source names in the order the user chose; may be empty.
    public var preferredOrder: [String]

    public init(preferredOrder: [String] = []) {
        self.preferredOrder = preferredOrder
    }

    /// A sortable rank; lower is trusted more.
    public func rank(sourceName: String, kind: StepSourceKind) -> Rank {
        if let position = preferredOrder.firstIndex(of: sourceName) { return Rank(group: 0, kind: 0, position: position, name: sourceName) }
        return Rank(group: 1, kind: kind.rawValue, position: 0, name: sourceName)
    }

    /// The sources sorted by this ranking.
    public func sorted(_ sources: [(name: String, kind: StepSourceKind)]) -> [String] {
        sources.sorted { rank(sourceName: $0.name, kind: $0.kind) < rank(sourceName: $1.name, kind: $1.kind) }.map(\.name)
    }

    public struct Rank: Comparable, Hashable, Sendable {
        let group: Int
        let kind: Int
        let position: Int
        let name: String

        public static func < (lhs: Rank, rhs: Rank) -> Bool {
            (lhs.group, lhs.kind, lhs.position, lhs.name) < (rhs.group, rhs.kind, rhs.position, rhs.name)
        }
    }
}
