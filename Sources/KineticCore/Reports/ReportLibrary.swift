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

    public init(title: String, root: Level, categories: [Category], reports: [Report]) {
        self.title = title
        self.root = root
        self.categories = categories
        self.reports = reports
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

        public init(
            id: String, title: String, file: String, keywords: [String], summary: String?, date: LocalDate?,
            categoryID: String?, position: Int, sourceIndex: Int
        ) {
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
