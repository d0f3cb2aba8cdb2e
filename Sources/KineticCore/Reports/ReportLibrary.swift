/// A report library as its datasource describes it: a tree of categories under a root level,
/// each listing child categories and reports in order. Read and checked by
/// ``ReportLibraryManifest``; the PDFs themselves are checked where they are read.
public struct ReportLibrary: Equatable, Sendable {
    /// The library's name, shown on the root level.
    public var title: String
    /// The top level (no id): its categories and reports.
    public var root: Level
    /// Every category, in the order a walk from the root meets them (parents before children).
    public var categories: [Category]
    /// Every report, in the order a walk from the root meets them.
    public var reports: [Report]
    /// The language the datasource says its titles and reports are in (``TextLanguage``); nil
    /// when it does not say.
    public var language: String?

    public init(title: String, root: Level, categories: [Category], reports: [Report], language: String? = nil) {
        self.title = title
        self.root = root
        self.categories = categories
        self.reports = reports
        self.language = language
    }

    /// The language of each category's title, given each report's (`reportLanguages`, by id):
    /// the library's when it names one, else the one most reports in the category and below it
    /// are in. A category none of whose reports has a language has none.
    public func languages(ofCategoriesWith reportLanguages: [String: String]) -> [String: String] {
        Self.languages(
            ofCategories: Dictionary(uniqueKeysWithValues: categories.map { ($0.id, $0.parentID) }),
            reports: reports.map { ($0.categoryID, reportLanguages[$0.id]) }, library: language)
    }

    /// The language of each category of `parentOf` (each category's parent, nil for the root's)
    /// as ``languages(ofCategoriesWith:)`` tells it, from `reports` (each report's category and
    /// language) and the `library`'s language.
    public static func languages(
        ofCategories parentOf: [String: String?], reports: [(categoryID: String?, language: String?)], library: String?
    ) -> [String: String] {
        var found: [String: [String?]] = [:]
        for report in reports {
            var category = report.categoryID
            while let id = category {
                found[id, default: []].append(report.language)
                category = parentOf[id] ?? nil
            }
        }
        var languages: [String: String] = [:]
        for id in parentOf.keys {
            languages[id] = library ?? TextLanguage.mostCommon(found[id] ?? [])
        }
        return languages
    }

    /// The library without the reports `ids` (those an import leaves out: a file that could not
    /// be read): gone from the report list and from their levels, the reports after them in a
    /// level moved up a place so places stay 0, 1, 2… Categories stay, emptied or not: the tree
    /// is the datasource's.
    public func leavingOut(_ ids: Set<String>) -> ReportLibrary {
        guard !ids.isEmpty else { return self }
        var copy = self
        copy.root.reportIDs.removeAll(where: ids.contains)
        for index in copy.categories.indices { copy.categories[index].contents.reportIDs.removeAll(where: ids.contains) }
        copy.reports.removeAll { ids.contains($0.id) }
        var nextPlace: [String?: Int] = [:]
        for index in copy.reports.indices {
            let level = copy.reports[index].categoryID
            copy.reports[index].position = nextPlace[level, default: 0]
            nextPlace[level, default: 0] += 1
        }
        return copy
    }

    /// What one level lists, in the datasource's order.
    public struct Level: Equatable, Sendable {
        public var categoryIDs: [String]
        public var reportIDs: [String]

        public init(categoryIDs: [String], reportIDs: [String]) {
            self.categoryIDs = categoryIDs
            self.reportIDs = reportIDs
        }
    }

    /// A category: a level of its own below its parent.
    public struct Category: Equatable, Sendable {
        public var id: String
        public var title: String
        public var summary: String?
        /// The category that lists this one; nil when the root does.
        public var parentID: String?
        /// Its place among its parent's categories, from 0.
        public var position: Int
        /// How far below the root: 1 for the root's own categories.
        public var depth: Int
        public var contents: Level

        public init(id: String, title: String, summary: String?, parentID: String?, position: Int, depth: Int, contents: Level) {
            self.id = id
            self.title = title
            self.summary = summary
            self.parentID = parentID
            self.position = position
            self.depth = depth
            self.contents = contents
        }
    }

    /// A report: one PDF file with what the datasource says about it.
    public struct Report: Equatable, Sendable {
        public var id: String
        public var title: String
        /// The PDF's path inside the library folder, with `/` between folders.
        public var file: String
        public var keywords: [String]
        public var summary: String?
        public var date: LocalDate?
        /// The category that lists it; nil when the root does.
        public var categoryID: String?
        /// Its place among its level's reports, from 0.
        public var position: Int
        /// Its place in the datasource's `reports` array, for naming problems (`reports[3].file`).
        public var sourceIndex: Int
        /// The language the datasource says it is in; nil leaves it to the library's, else to its text.
        public var language: String?

        public init(
            id: String, title: String, file: String, keywords: [String], summary: String?, date: LocalDate?,
            categoryID: String?, position: Int, sourceIndex: Int, language: String? = nil
        ) {
            self.language = language
            self.id = id
            self.title = title
            self.file = file
            self.keywords = keywords
            self.summary = summary
            self.date = date
            self.categoryID = categoryID
            self.position = position
            self.sourceIndex = sourceIndex
        }

        /// Where its file is named in the datasource.
        public var filePath: String { "reports[\(sourceIndex)].file" }
    }
}
