import Foundation
import KineticCore

/// A level of the library as bubbles (seed: Dashboard): the centre circle for the level, its
/// categories as circles and reports as rectangles around it, the trail, the toolbar and the
/// bottom navigation. At `/reports` the level is the root before the centre is tapped: the
/// centre alone. A level with more than a ring of items is crowded: up to 60 at once in rows
/// under the centre, in the order the person chose (`?order=`), found by typing (`?find=`), and
/// beyond 60 a page at a time (``BubblePages``, `?page=2`) with a pager under the stage; an
/// empty category says so.
enum ReportsLevelPage {
    struct Bubble: Equatable {
        enum Kind: String { case category, report }
        let kind: Kind
        let id: String
        /// Its title as shown, with soft hyphens where its language breaks words.
        let title: String
        let meta: String
        /// What a screen reader says: "Finance, 12 reports, 3 categories".
        let label: String
        let href: String
        /// A report's thumbnail (nil for a category).
        var thumbnailURL: String? = nil
        let place: BubbleLayout.Bubble
        /// Its place on a wide stage (a crowded level's rows are laid out for a phone and for
        /// wider screens, a ring for portrait and landscape); nil when it has one place.
        var widePlace: BubbleLayout.Bubble? = nil
        /// The language of its title.
        var language: String? = nil
    }

    /// A level's stage on a wide screen: a crowded level's rows, or a ring's landscape stage.
    struct WideStage: Equatable {
        let stageHeight: Double
        let centre: BubbleLayout.Bubble
    }

    struct Model: Equatable {
        let title: String
        /// The language of the level's title.
        let titleLanguage: String?
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
        /// The level's layout on a wide stage: its height and centre.
        let wide: WideStage?
        let bubbles: [Bubble]
        let toolbar: ReportsChrome.Toolbar
        /// The keywords of this level's reports, most used first, for the filter.
        let keywords: [String]
        let keyword: String?
        /// Reports hidden by the keyword filter.
        let filteredOut: Int
        let pages: BubblePages
        /// Rows rather than a ring: the level holds more than a ring, or is being searched.
        let isCrowded: Bool
        let order: ReadingOrder
        /// What the person typed to find items within the level.
        let find: String?
        /// "12 of 64 match", said while finding.
        let findStatus: String?
        /// The pager, when the level has more than one page.
        let pager: Pager?
        /// Said in the stage when the level holds nothing (or the filter hides everything).
        let emptyMessage: String?
        let isAdmin: Bool
        /// No library was imported yet.
        let isEmpty: Bool
    }
}

/// The links to the pages before and after, and where this one is ("9–16 of 200").
struct ReportsLevelPager: Equatable, Sendable {
    let previous: String?
    let next: String?
    let label: String
    let previousLabel: String
    let nextLabel: String
}

extension ReportsLevelPage {
    typealias Pager = ReportsLevelPager

    /// What the person asked of a level: its reports with `keyword`, the items whose titles hold
    /// `find`, in `order`, page `page`.
    struct Request: Equatable {
        var keyword: String? = nil
        var find: String? = nil
        var order: ReadingOrder = .library
        var page: Int = 1
    }

    /// The page model of `level` as `asked`.
    /// Titles shown carry soft hyphens in their language, or the page's when theirs is unknown
    /// (`hyphenator`), so a long German word breaks where German breaks it even in a browser
    /// without a German dictionary.
    static func model(
        _ level: ReportLevel, library: ReportLibraryInfo?, isStart: Bool, asked: Request = Request(), isAdmin: Bool,
        hyphenator: Hyphenator = .none, l: Localizer
    ) -> Model {
        let keyword = asked.keyword, find = asked.find
        let keywordKey = keyword.map { $0.lowercased() }
        func found(_ title: String) -> Bool { find.map { ReadingOrder.title(title, matches: $0) } ?? true }
        let reports = asked.order.arranged(
            level.reports.filter { report in
                (keywordKey.map { key in report.keywords.contains { $0.lowercased() == key } } ?? true) && found(report.title)
            }, title: \.title, date: \.date, locale: l.locale)
        let categories = asked.order.arranged(
            level.categories.filter { found($0.title) }, title: \.title, date: { _ in nil }, locale: l.locale)
        let itemCount = isStart ? 0 : categories.count + reports.count
        let pages = BubblePages(total: itemCount, requested: asked.page)
        let isCrowded = BubblePages.isCrowded(total: itemCount) || (find != nil && itemCount > 0)
        let categoryCount = categories.count
        let categoriesShown = min(pages.items.lowerBound, categoryCount)..<min(pages.items.upperBound, categoryCount)
        let reportsShown = max(pages.items.lowerBound - categoryCount, 0)..<max(pages.items.upperBound - categoryCount, 0)
        let shapes = categoriesShown.map { _ in BubbleLayout.Shape.circle } + reportsShown.map { _ in .rectangle }
        // Only a report stands out (two cells wide): the longest among the reports shown.
        let prominent = categoriesShown.map { _ in false } + BubbleLayout.prominent(reports[reportsShown].map(\.pageCount))
        let items = zip(shapes, prominent).map { BubbleLayout.Item($0, isProminent: $1) }
        let layout = isCrowded ? BubbleLayout.crowded(items, columns: BubbleLayout.compactColumns) : BubbleLayout.make(shapes)
        // Laid out again for a wide screen: a crowded level's rows, a ring's landscape stage.
        let wideLayout =
            isCrowded
            ? BubbleLayout.crowded(items, columns: BubbleLayout.wideColumns) : isStart ? nil : BubbleLayout.make(shapes, landscape: true)
        let categoryBubbles = zip(categories[categoriesShown], layout.bubbles.indices).map { category, index in
            let reportCount = l.plural("reports.count", count: category.reportCount)
            return Bubble(
                kind: .category, id: category.id, title: hyphenator.hyphenate(category.title, category.language ?? l.language.rawValue),
                meta: reportCount,
                label: category.categoryCount > 0
                    ? l.t(
                        "reports.bubble.categoryWithCategories", category.title, reportCount,
                        l.plural("reports.categories", count: category.categoryCount))
                    : l.t("reports.bubble.category", category.title, reportCount),
                href: SiteURL.reports(.category(id: category.id)).path, place: layout.bubbles[index],
                widePlace: wideLayout?.bubbles[index], language: category.language)
        }
        let reportBubbles = zip(reports[reportsShown], layout.bubbles.indices.dropFirst(categoriesShown.count)).map { report, index in
            let pageCount = l.plural("reports.pages", count: report.pageCount)
            return Bubble(
                kind: .report, id: report.id, title: hyphenator.hyphenate(report.title, report.language ?? l.language.rawValue),
                meta: pageCount,
                label: l.t("reports.bubble.report", report.title, pageCount),
                href: SiteURL.reports(.report(id: report.id)).path, thumbnailURL: report.versioned(.reports(.thumbnail(id: report.id))),
                place: layout.bubbles[index], widePlace: wideLayout?.bubbles[index], language: report.language)
        }
        func pageHref(_ number: Int) -> String {
            ReportsChrome.levelHref(level.category?.id)
                + SiteURL.query([
                    ("keyword", keyword), ("find", find), ("order", asked.order == .library ? nil : asked.order.rawValue),
                    ("page", number == 1 ? nil : String(number)),
                ])
        }
        let pager =
            pages.count > 1
            ? Pager(
                previous: pages.hasPrevious ? pageHref(pages.page - 1) : nil, next: pages.hasNext ? pageHref(pages.page + 1) : nil,
                label: l.t(
                    "reports.pager.label", l.number(pages.items.lowerBound + 1), l.number(pages.items.upperBound), l.number(pages.total)),
                previousLabel: l.t("reports.pager.previous"), nextLabel: l.t("reports.pager.next"))
            : nil
        let emptyMessage: String? =
            isStart || pages.total > 0
            ? nil
            : find.map { l.t("reports.level.noneFound", $0) }
                ?? (keyword != nil ? l.t("reports.level.noneWithKeyword") : l.t("reports.level.empty"))
        let findStatus = find.map { _ in
            l.t("reports.level.found", l.number(itemCount), l.number(level.categories.count + level.reports.count))
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
            title: title,
            titleLanguage: level.category.map(\.language) ?? (level.libraryTitle.isEmpty ? nil : level.libraryLanguage),
            categoryID: level.category?.id,
            trail: ReportsChrome.trail(
                level.trail, current: level.category.map { ReportCrumb(id: $0.id, title: $0.title, language: $0.language) }, l: l),
            parentHref: parentHref, isStart: isStart, centreMeta: centreMeta,
            stageHeight: layout.stageHeight, centre: layout.centre,
            wide: wideLayout.map { WideStage(stageHeight: $0.stageHeight, centre: $0.centre) }, bubbles: categoryBubbles + reportBubbles,
            toolbar: ReportsChrome.Toolbar(library: library, l: l), keywords: Array(keywords.prefix(40)),
            keyword: keyword, filteredOut: level.reports.filter { found($0.title) }.count - reports.count, pages: pages,
            isCrowded: isCrowded, order: asked.order, find: find, findStatus: findStatus, pager: pager, emptyMessage: emptyMessage,
            isAdmin: isAdmin, isEmpty: library == nil
        )
    }
}
