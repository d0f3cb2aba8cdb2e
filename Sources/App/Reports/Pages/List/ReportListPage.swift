import Foundation
import KineticCore

/// Every report of a level and the levels below it as a table (seed: the third button of the
/// bottom navigation): title, where it is, date and pages; each title opens the viewer. The
/// script shows the table in an overlay over the bubbles.
enum ReportListPage {
    struct Row: Equatable {
        let id: String
        let title: String
        let place: String
        let date: String
        let pages: String
        /// The language of its title.
        var language: String? = nil
    }

    struct Model: Equatable {
        let title: String
        let levelHref: String
        let rows: [Row]
    }

    static func model(level: ReportLevel, reports: [(report: ReportSummary, trail: [ReportCrumb])], l: Localizer) -> Model {
        let levelTitle = level.category?.title ?? (level.libraryTitle.isEmpty ? l.t("reports.title") : level.libraryTitle)
        return Model(
            title: l.t("reports.list.title", levelTitle), levelHref: ReportsChrome.levelHref(level.category?.id),
            rows: reports.map { report, trail in
                Row(
                    id: report.id, title: report.title,
                    place: ReportsChrome.place(trail, l: l),
                    date: report.date.map(l.fullDate) ?? "—", pages: l.number(report.pageCount), language: report.language
                )
            }
        )
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        return Layout.render(
            .init(
                title: model.title, backLink: (model.levelHref, l.t("reports.back")), stylesheet: ReportsModule.stylesheet,
                scripts: ["js/reports/bubbles.js"], bodyClass: "reports-page"),
            context: context, content: [content(model, l: l)]
        )
    }

    static func content(_ model: Model, l: Localizer) -> HTMLNode {
        guard !model.rows.isEmpty else {
            return el(
                "div", [.id("report-list-content")], [EmptyState.render(icon: .reports, title: l.t("reports.list.empty"), message: "")])
        }
        return el(
            "div", [.class("card report-table-card"), .id("report-list-content")],
            [
                el(
                    "table", [.class("report-table")],
                    [
                        el("caption", [.class("visually-hidden")], [txt(model.title)]),
                        el(
                            "thead", [],
                            [
                                el(
                                    "tr", [],
                                    [
                                        el("th", [Attr("scope", "col")], [txt(l.t("reports.list.report"))]),
                                        el("th", [Attr("scope", "col"), .class("report-table-date")], [txt(l.t("reports.list.date"))]),
                                        el("th", [Attr("scope", "col"), .class("report-table-pages")], [txt(l.t("reports.list.pages"))]),
                                    ])
                            ]),
                        el(
                            "tbody", [],
                            model.rows.map { row in
                                el(
                                    "tr", [],
                                    [
                                        el(
                                            "td", [],
                                            [
                                                el(
                                                    "a",
                                                    [
                                                        .class("report-table-link"),
                                                        Attr("href", SiteURL.reports(.report(id: row.id)).path), .data("report", row.id),
                                                        .lang(row.language, in: l),
                                                    ], [txt(row.title)]),
                                                el("span", [.class("report-table-place")], [txt(row.place)]),
                                            ]),
                                        el("td", [.class("report-table-date")], [txt(row.date)]),
                                        el("td", [.class("report-table-pages")], [txt(row.pages)]),
                                    ])
                            }),
                    ])
            ])
    }
}
