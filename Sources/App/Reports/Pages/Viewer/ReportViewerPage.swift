import Foundation
import KineticCore

/// The report viewer (seed: Report Viewing): the pages as images loaded as the reader scrolls,
/// the keywords along the bottom, a top-left arrow back to where the reader was, and the
/// original PDF to download. Over the bubbles or the list the script shows the same content
/// in an overlay, closed by the arrow, Escape or a swipe to the right.
enum ReportViewerPage {
    struct Model: Equatable {
        let id: String
        let title: String
        let subtitle: String
        let summary: String?
        let keywords: [String]
        let pageWidth: Int
        let pageHeight: Int
        let pageURLs: [String]
        let pdfURL: String
        let downloadLabel: String
        /// Where the arrow goes: the report's level.
        let backHref: String
        let trail: [ReportsChrome.Crumb]
    }

    static func model(_ report: ReportDetails, l: Localizer) -> Model {
        let summary = report.summary
        let pages = l.plural("reports.pages", count: summary.pageCount)
        let subtitle = summary.date.map { l.t("reports.viewer.subtitle", l.fullDate($0), pages) } ?? pages
        return Model(
            id: summary.id, title: summary.title, subtitle: subtitle, summary: summary.summary, keywords: summary.keywords,
            pageWidth: report.pageWidth, pageHeight: report.pageHeight,
            pageURLs: (1...max(summary.pageCount, 1)).map { summary.versioned(.reports(.page(id: summary.id, number: String($0)))) },
            pdfURL: summary.versioned(.reports(.pdf(id: summary.id))),
            downloadLabel: l.t("reports.viewer.download", Int64(report.byteCount).formatted(.byteCount(style: .file).locale(l.locale))),
            backHref: ReportsChrome.levelHref(summary.categoryID),
            trail: ReportsChrome.trail(report.trail, current: nil, l: l)
        )
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        return Layout.render(
            .init(
                title: model.title, topBarAction: ReportsChrome.searchButton(l: l), backLink: (model.backHref, l.t("reports.viewer.close")),
                stylesheet: ReportsModule.stylesheet, scripts: ["js/reports/bubbles.js"], bodyClass: "reports-page report-viewer-page"
            ),
            context: context, content: [ReportsChrome.trailNav(model.trail, l: l), content(model, l: l)]
        )
    }

    /// The viewer's content, the same on its own page and in the overlay.
    static func content(_ model: Model, l: Localizer) -> HTMLNode {
        el(
            "article",
            [
                .class("report-viewer"), .id("report-viewer-content"), .data("report", model.id), .data("back", model.backHref),
                .aria("labelledby", "report-viewer-title"),
            ],
            [
                el(
                    "header", [.class("report-viewer-header")],
                    [
                        el("h2", [.class("report-viewer-title"), .id("report-viewer-title")], [txt(model.title)]),
                        el("p", [.class("report-viewer-subtitle")], [txt(model.subtitle)]),
                        model.summary.map { el("p", [.class("report-viewer-summary")], [txt($0)]) } ?? .empty,
                        el(
                            "a",
                            [.class("button report-download"), .id("report-download"), Attr("href", model.pdfURL), Attr("download", "")],
                            [icon(.download), txt(" " + model.downloadLabel)]),
                    ]),
                el(
                    "ol", [.class("report-pages"), .aria("label", l.t("reports.viewer.pages"))],
                    model.pageURLs.enumerated().map { index, url in
                        el(
                            "li", [.class("report-page")],
                            [
                                voidEl(
                                    "img",
                                    [
                                        Attr("src", url),
                                        Attr("alt", l.t("reports.viewer.pageAlt", l.number(index + 1), l.number(model.pageURLs.count))),
                                        Attr("width", String(model.pageWidth)), Attr("height", String(model.pageHeight)),
                                        Attr("loading", index == 0 ? "eager" : "lazy"), Attr("decoding", "async"),
                                    ])
                            ])
                    }),
                el(
                    "footer", [.class("report-keywords"), .aria("label", l.t("reports.viewer.keywords"))],
                    model.keywords.isEmpty
                        ? [el("span", [.class("report-keywords-none")], [txt(l.t("reports.viewer.noKeywords"))])]
                        : [el("ul", [], model.keywords.map { el("li", [.class("keyword")], [txt($0)]) })]),
            ])
    }
}
