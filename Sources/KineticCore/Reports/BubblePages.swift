/// Which of a level's items show at once. Up to ``BubbleLayout/ringLimit`` stand in a ring
/// around the centre; a crowded level shows up to ``crowdedLimit`` at once, in rows in reading
/// order (``BubbleLayout/crowded(_:columns:)``), and beyond that a page of them at a time, in
/// the order the person chose (``ReadingOrder``).
///
/// Why rows rather than a ring or packing for many: a ring of 60 cannot keep a title readable,
/// and circle packing sizes by weight, so a light item's title shrinks past reading. Rows keep
/// every title at a readable size, read in the order people read, and let the eye scan a
/// whole level at once; finding one item among many is search-as-you-type within the level.
public struct BubblePages: Equatable, Sendable {
    /// The most items of a crowded level shown at once.
    public static let crowdedLimit = 60

    /// 1-based, within `1...count`.
    public let page: Int
    /// At least 1 (an empty level has one empty page).
    public let count: Int
    /// The items of `page`, as indices into the level's items.
    public let items: Range<Int>
    public let total: Int

    /// Page `requested` (held to the pages there are) of a level with `total` items.
    public init(total: Int, requested: Int) {
        self.total = max(total, 0)
        let perPage = Self.perPage(total: self.total)
        count = max(1, (self.total + perPage - 1) / perPage)
        page = min(max(requested, 1), count)
        items = min((page - 1) * perPage, self.total)..<min(page * perPage, self.total)
    }

    /// How many items a page of a level of `total` holds: a ring, or a crowded view.
    public static func perPage(total: Int) -> Int { total <= BubbleLayout.ringLimit ? BubbleLayout.ringLimit : crowdedLimit }

    /// Whether a level of `total` items is shown in rows rather than a ring.
    public static func isCrowded(total: Int) -> Bool { total > BubbleLayout.ringLimit }

    public var hasPrevious: Bool { page > 1 }
    public var hasNext: Bool { page < count }
}
