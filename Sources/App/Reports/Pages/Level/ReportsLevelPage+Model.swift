import Foundation
import KineticCore

/// A level of the library as bubbles (seed: Dashboard): the centre circle for the level, its
/// categories as circles and reports as rectangles around it, the trail, the toolbar and the
/// bottom navigation. At `/reports` the level is the root before the centre is tapped: the
/// centre alone.
enum ReportsLevelPage {
    struct Bubble: Equatable {
        enum Kind: String { case category, report }
        let kind: Kind
        let id: String
        let title: String
        let meta: String
        let href: String
        /// A report's thumbnail (nil for a category).
        var thumbnailURL: String? = nil
        let place: BubbleLayout.Bubble
    }

    struct Model: Equatable {
        let title: String
        /// The level's category, nil for the root.
        let categoryID: String?
        let trail: [ReportsChrome.Crumb]
        /// Where Back goes: the parent level (the start page from the root).
        let parentHref: String
        /// The root before its centre is tapped.
        let isStart: Bool
        let centreMeta: String
        let stageHeight: Double
        let centre: BubbleLayout.Bubble
        let bubbles: [Bubble]
        let toolbar: ReportsChrome.Toolbar
        /// The keywords of this level's reports, most used first, for the filter.
        let keywords: [String]
        let keyword: String?
        /// Reports hidden by the keyword filter.
        let filteredOut: Int
        let isAdmin: Bool
        /// No library was imported yet.
        let isEmpty: Bool
    }
}

extension ReportsLevelPage {
    /// The page model of `level`, with `keyword` keeping only the reports that have it.
    static func model(
        _ level: ReportLevel, library: ReportLibraryInfo?, isStart: Bool, keyword: String?, isAdmin: Bool, l: Localizer
    ) -> Model {
        let keywordKey = keyword.map { $0.lowercased() }
        let reports = level.reports.filter { report in keywordKey.map { key in report.keywords.contains { $0.lowercased() == key } } ?? true
        }
        let shapes = level.categories.map { _ in BubbleLayout.Shape.circle } + reports.map { _ in .rectangle }
        let layout = BubbleLayout.make(isStart ? [] : shapes)
        let categoryBubbles = zip(level.categories, layout.bubbles).map { category, place in
            Bubble(
                kind: .category, id: category.id, title: category.title, meta: l.plural("reports.count", count: category.reportCount),
                href: SiteURL.reports(.category(id: category.id)).path, place: place)
        }
        let reportBubbles = zip(reports, layout.bubbles.dropFirst(level.categories.count)).map { report, place in
            Bubble(
                kind: .report, id: report.id, title: report.title, meta: l.plural("reports.pages", count: report.pageCount),
                href: SiteURL.reports(.report(id: report.id)).path, thumbnailURL: report.versioned(.reports(.thumbnail(id: report.id))),
                place: place)
        }
        var counts: [String: (keyword: String, count: Int)] = [:]
        for keyword in level.reports.flatMap(\.keywords) { counts[keyword.lowercased(), default: (keyword, 0)].count += 1 }
        let keywords = counts.values.sorted { ($1.count, $0.keyword.lowercased()) < ($0.count, $1.keyword.lowercased()) }.map(\.keyword)
        let title = level.category?.title ?? (level.libraryTitle.isEmpty ? l.t("reports.title") : level.libraryTitle)
        let parentHref =
            level.category == nil
            ? SiteURL.module(.reports).path
            : ReportsChrome.levelHref(level.trail.last?.id)
        let centreMeta =
            level.category.map { category in
                category.categoryCount > 0
                    ? l.t(
                        "reports.centre.categoriesAndReports", l.plural("reports.categories", count: category.categoryCount),
                        l.plural("reports.count", count: category.reportCount))
                    : l.plural("reports.count", count: category.reportCount)
            } ?? (isStart ? l.t("reports.centre.tapToBegin") : l.plural("reports.count", count: library?.reportCount ?? 0))
        return Model(
            title: title, categoryID: level.category?.id,
            trail: ReportsChrome.trail(level.trail, current: level.category.map { ReportCrumb(id: $0.id, title: $0.title) }, l: l),
            parentHref: parentHref, isStart: isStart, centreMeta: centreMeta,
            stageHeight: layout.stageHeight, centre: layout.centre, bubbles: categoryBubbles + reportBubbles,
            toolbar: ReportsChrome.Toolbar(library: library, l: l), keywords: Array(keywords.prefix(40)),
            keyword: keyword, filteredOut: level.reports.count - reports.count, isAdmin: isAdmin, isEmpty: library == nil
        )
    }
}
