import Foundation

/// Where the next page of a Wishes list starts: the sort key and id of the last row shown (a
/// keyset, so a page deep in a long list costs what the first one does, and rows added meanwhile
/// neither repeat nor go missing). Opaque to clients: `<seconds>_<uuid>`, URL-safe.
public struct WishListCursor: Hashable, Sendable {
    /// The last row's sort key: seconds since 1970 of its send or receive time.
    public let seconds: Double
    public let id: UUID

    public init(seconds: Double, id: UUID) {
        self.seconds = seconds
        self.id = id
    }

    /// Reads a cursor written by ``token``; nil for anything else.
    public init?(token: String) {
        let parts = token.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count <= 24,
            parts[0].utf8.allSatisfy({ (48...57).contains($0) || $0 == 46 || $0 == 45 }),
            let seconds = Double(parts[0]), seconds.isFinite,
            let id = UUID(uuidString: String(parts[1]))
        else { return nil }
        self.init(seconds: seconds, id: id)
    }

    /// The cursor as it goes into a URL.
    public var token: String {
        "\(seconds)_\(id.uuidString.lowercased())"
    }
}
