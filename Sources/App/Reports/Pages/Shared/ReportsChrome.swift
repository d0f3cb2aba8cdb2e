import Foundation
import KineticCore

/// What every Reports page shares: the trail under the top bar, the blue toolbar and the
/// bottom navigation (top level, recentre, list, filter) around the modules button.
enum ReportsChrome {
    struct Crumb: Equatable {
        let title: String
        /// Nil for the current level.
        let href: String?
        /// The language of its title (nil: the page's).
        var language: String? = nil
    }

    /// The blue toolbar's static content: the library and its size.
    struct Toolbar: Equatable {
        let title: String
        let detail: String

        init(library: ReportLibraryInfo?, l: Localizer) {
            title = library?.title ?? l.t("reports.title")
            detail =
                library.map { library in
                    l.t(
                        "reports.toolbar.detail", l.plural("reports.count", count: library.reportCount),
                        l.plural("reports.pages", count: library.pageCount))
                } ?? l.t("reports.empty.title")
        }
    }

    /// The web page of a level: `/reports/categories/root` for the top.
    static func levelHref(_ categoryID: String?) -> String {
        SiteURL.reports(.category(id: categoryID ?? SiteURL.rootCategoryID)).path
    }

    /// The library, then each category down to `current` (not a link).
    static func trail(_ steps: [ReportCrumb], current: ReportCrumb?, l: Localizer) -> [Crumb] {
        [Crumb(title: l.t("reports.trail.library"), href: current == nil && steps.isEmpty ? nil : levelHref(nil))]
            + steps.map { Crumb(title: $0.title, href: levelHref($0.id), language: $0.language) }
            + (current.map { [Crumb(title: $0.title, href: nil, language: $0.language)] } ?? [])
    }

    /// Where a report is, as one line: `Parks › North`, or the library at the top.
    static func place(_ trail: [ReportCrumb], l: Localizer) -> String {
        trail.isEmpty ? l.t("reports.trail.library") : trail.map(\.title).joined(separator: " › ")
    }

    static func trailNav(_ trail: [Crumb], l: Localizer) -> HTMLNode {
        el(
            "nav", [.class("report-trail"), .id("report-trail"), .aria("label", l.t("reports.trail.label"))],
            [
                el(
                    "ol", [],
                    trail.map { crumb in
                        el(
                            "li", [],
                            [
                                crumb.href.map { el("a", [Attr("href", $0), .lang(crumb.language, in: l)], [txt(crumb.title)]) }
                                    ?? el("span", [.aria("current", "page"), .lang(crumb.language, in: l)], [txt(crumb.title)])
                            ])
                    })
            ])
    }

    static func toolbar(_ toolbar: Toolbar) -> HTMLNode {
        el(
            "div", [.class("reports-toolbar"), .id("reports-toolbar")],
            [
                el("strong", [], [txt(toolbar.title)]),
                el("span", [], [txt(toolbar.detail)]),
            ])
    }

    /// The bottom navigation; `level` is the category whose list and filter it opens (nil: root);
    /// without a filter, search.
    static func dock(level: String?, hasFilter: Bool, l: Localizer) -> HTMLNode {
        func button(_ id: String, _ symbol: Icon, _ key: String, href: String) -> HTMLNode {
            el(
                "a", [.class("dock-button"), .id(id), Attr("href", href), Attr("title", l.t(key)), .aria("label", l.t(key))],
                [
                    icon(symbol), el("span", [.class("dock-label"), .aria("hidden", "true")], [txt(l.t(key + "Short"))]),
                ])
        }
        let levelID = level ?? SiteURL.rootCategoryID
        return el(
            "nav", [.class("reports-dock"), .aria("label", l.t("reports.dock.label"))],
            [
                el(
                    "div", [.class("dock-side")],
                    [
                        button("dock-top", .levelTop, "reports.dock.top", href: levelHref(nil)),
                        button("dock-recentre", .recentre, "reports.dock.recentre", href: levelHref(level) + "#recentre"),
                    ]),
                el(
                    "div", [.class("dock-side")],
                    [
                        button("dock-list", .list, "reports.dock.list", href: SiteURL.reports(.categoryReports(id: levelID)).path),
                        // A level without keywords has nothing to filter by: searching the
                        // library takes the place, so the dock stays two and two.
                        hasFilter
                            ? button("dock-filter", .filter, "reports.dock.filter", href: levelHref(level) + "#report-filter")
                            : button("dock-search", .search, "reports.dock.search", href: SiteURL.reports(.search).path),
                    ]),
            ])
    }

    /// The top bar's search button.
    static func searchButton(l: Localizer) -> HTMLNode {
        el(
            "a", [.class("icon-button"), .id("reports-search-button"), Attr("href", SiteURL.reports(.search).path)],
            [
                icon(.search, label: l.t("reports.search.title"))
            ])
    }
}
