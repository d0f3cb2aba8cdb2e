/// A level with more items than fit around its centre is shown a page at a time: a ring of at
/// most ``perPage`` bubbles (``BubbleLayout/ringLimit``), in the datasource's order, with the
/// level's centre and name always in the middle.
///
/// Why pages rather than packing or grouping: packing 200 bubbles into a phone's 343 points
/// makes each about 20 points wide, far below a readable title; grouping would invent levels
/// the datasource does not have. A page keeps every bubble at the size the seed's design gives
/// it, keeps the order the library's editor chose, and never scrolls; the list (every report
/// of the level) and search stay one tap away for finding one item among many.
public struct BubblePages: Equatable, Sendable {
    /// The most bubbles on one page: the ring around the centre.
    public static let perPage = BubbleLayout.ringLimit

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
        count = max(1, (self.total + Self.perPage - 1) / Self.perPage)
        page = min(max(requested, 1), count)
        items = min((page - 1) * Self.perPage, self.total)..<min(page * Self.perPage, self.total)
    }

    public var hasPrevious: Bool { page > 1 }
    public var hasNext: Bool { page < count }
}
