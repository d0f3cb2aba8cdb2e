import Foundation

/// Where the next page of a Wishes list starts: the sort key and id of the last row shown (a
/// keyset, so a page deep in a long list costs what the first one does, and rows added meanwhile
/// neither repeat nor go missing). In a search, the last row's rank comes first
/// (``WishSearchText/score(of:for:)``). Opaque to clients: `<seconds>_<uuid>[_<score>]`, URL-safe.
public struct WishListCursor: Hashable, Sendable {
    /// The last row's sort key: seconds since 1970 of its send or receive time.
    public let seconds: Double
    public let id: UUID
    /// The last row's rank in a search; nil in a list without one.
    public let score: Int?

    public init(seconds: Double, id: UUID, score: Int? = nil) {
        self.seconds = seconds
        self.id = id
        self.score = score
    }

    /// Reads a cursor written by ``token``; nil for anything else.
    public init?(token: String) {
        let parts = token.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts[0].utf8.count <= 24,
            parts[0].utf8.allSatisfy({ (48...57).contains($0) || $0 == 46 || $0 == 45 }),
            let seconds = Double(parts[0]), seconds.isFinite,
            let id = UUID(uuidString: String(parts[1]))
        else { return nil }
        var score: Int?
        if parts.count == 3 {
            guard parts[2].utf8.count <= 4, parts[2].utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(parts[2]) else {
                return nil
            }
            score = value
        }
        self.init(seconds: seconds, id: id, score: score)
    }

    /// The cursor as it goes into a URL.
    public var token: String {
        "\(seconds)_\(id.uuidString.lowercased())" + (score.map { "_\($0)" } ?? "")
    }
}
