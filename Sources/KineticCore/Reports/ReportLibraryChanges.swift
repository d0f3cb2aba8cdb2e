/// What an import would do to the library, shown to the administrator before anything is
/// stored: the reports and categories it adds, changes and removes, by id.
///
/// Each side describes an item by its id, its title and its *contents*: whatever an import can
/// change about it, in a fixed order (for a report: title, summary, date, keywords, category,
/// place, file name and the PDF's SHA-256). An item present on both sides is changed when its
/// contents differ, so a moved report, a renamed category or a replaced PDF counts, and a
/// library imported twice shows no change at all.
public struct ReportLibraryChanges: Codable, Equatable, Sendable {
    /// A report or category as one side holds it.
    public struct Item: Codable, Equatable, Sendable {
        public var id: String
        public var title: String
        public var contents: [String?]

        public init(id: String, title: String, contents: [String?]) {
            self.id = id
            self.title = title
            self.contents = contents
        }
    }

    /// One kind of item's changes. Added and changed ones are in the new library's order,
    /// removed ones in the current library's.
    public struct Kind: Codable, Equatable, Sendable {
        public var added: [Item] = []
        public var changed: [Item] = []
        public var removed: [Item] = []
        public var unchanged = 0

        public init() {}

        /// Nothing added, changed or removed.
        public var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }

        /// `next` compared with `current`; an id listed twice on a side counts once, as its
        /// first listing.
        public init(current: [Item], next: [Item]) {
            var currentByID: [String: Item] = [:]
            for item in current where currentByID[item.id] == nil { currentByID[item.id] = item }
            var seen: Set<String> = []
            for item in next where seen.insert(item.id).inserted {
                switch currentByID[item.id] {
                case nil: added.append(item)
                case let old? where old.contents != item.contents || old.title != item.title: changed.append(item)
                case _?: unchanged += 1
                }
            }
            var removedIDs: Set<String> = []
            for item in current where !seen.contains(item.id) && removedIDs.insert(item.id).inserted { removed.append(item) }
        }
    }

    public var reports: Kind
    public var categories: Kind
    /// The new library's title when it differs from the current one's (or there is none yet).
    public var newTitle: String?

    public init(reports: Kind, categories: Kind, newTitle: String?) {
        self.reports = reports
        self.categories = categories
        self.newTitle = newTitle
    }

    /// The changes that importing a library with `nextTitle`, `nextCategories` and
    /// `nextReports` makes to one with `currentTitle` (nil before the first import).
    public init(
        currentTitle: String?, currentCategories: [Item], currentReports: [Item], nextTitle: String, nextCategories: [Item],
        nextReports: [Item]
    ) {
        reports = Kind(current: currentReports, next: nextReports)
        categories = Kind(current: currentCategories, next: nextCategories)
        newTitle = currentTitle == nextTitle ? nil : nextTitle
    }

    /// Importing changes nothing: the same title, categories and reports.
    public var isEmpty: Bool { reports.isEmpty && categories.isEmpty && newTitle == nil }
}
