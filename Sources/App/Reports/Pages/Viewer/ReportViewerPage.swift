import Foundation
import KineticCore

/// The report viewer (seed: Report Viewing): the pages as images loaded as the reader scrolls,
/// the keywords along the bottom, a top-left arrow back to where the reader was, and the
/// original PDF to download. Over the bubbles or the list the script shows the same content
/// in an overlay, closed by the arrow, Escape or a swipe to the right.
///
/// With pdf.js installed (``PDFReaderAssets``) the script turns it into a reader
/// (`js/reports/reader.js`): the PDF drawn sharp at any zoom, its text selectable, a page
/// counter that goes to a page, zoom by buttons, pinch or keys, and find in the document with
/// next and previous match. Opened as `?page=12&find=words` (a search result), it starts at
/// that page with those words highlighted. The page images stay the fallback.
enum ReportViewerPage {
    struct Model: Equatable {
        let id: String
        let title: String
        /// The title as the page shows it, with soft hyphens where its language breaks words.
        var shownTitle: String
        let subtitle: String
        let summary: String?
        let keywords: [String]
        let pageWidth: Int
        let pageHeight: Int
        let pageURLs: [String]
        let pdfURL: String
        /// pdf.js, when installed.
        let readerScript: String?
        /// "Text recognised by OCR on 3 pages", when some was.
        let recognisedNote: String?
        let downloadLabel: String
        /// Where the arrow goes: the report's level.
        let backHref: String
        let trail: [ReportsChrome.Crumb]
        /// The language the report is written in: its title, summary, keywords and pages.
        var language: String? = nil
    }

    static func model(_ report: ReportDetails, hyphenator: Hyphenator = .none, l: Localizer) -> Model {
        let summary = report.summary
        let pages = l.plural("reports.pages", count: summary.pageCount)
        let subtitle = summary.date.map { l.t("reports.viewer.subtitle", l.fullDate($0), pages) } ?? pages
        return Model(
            id: summary.id, title: summary.title,
            shownTitle: hyphenator.hyphenate(summary.title, summary.language ?? l.language.rawValue), subtitle: subtitle,
            summary: summary.summary, keywords: summary.keywords,
            pageWidth: report.pageWidth, pageHeight: report.pageHeight,
            pageURLs: (1...max(summary.pageCount, 1)).map { summary.versioned(.reports(.page(id: summary.id, number: String($0)))) },
            pdfURL: summary.versioned(.reports(.pdf(id: summary.id))),
            readerScript: PDFReaderAssets.isInstalled ? "/" + PDFReaderAssets.urlPrefix + "/build/pdf.js" : nil,
            recognisedNote: report.recognisedPages > 0 ? l.plural("reports.viewer.recognised", count: report.recognisedPages) : nil,
            downloadLabel: l.t("reports.viewer.download", Int64(report.byteCount).formatted(.byteCount(style: .file).locale(l.locale))),
            backHref: ReportsChrome.levelHref(summary.categoryID),
            trail: ReportsChrome.trail(report.trail, current: nil, l: l), language: summary.language
        )
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        return Layout.render(
            .init(
                title: model.title, topBarAction: ReportsChrome.searchButton(l: l), backLink: (model.backHref, l.t("reports.viewer.close")),
                stylesheet: ReportsModule.stylesheet, scripts: ["js/reports/bubbles.js", "js/reports/reader.js"],
                bodyClass: "reports-page report-viewer-page"
            ),
            context: context,
            content: [
                ReportsChrome.trailNav(model.trail, l: l), content(model, readerStylesheet: context.assets.url(readerStylesheet), l: l),
            ]
        )
    }

    /// The reader's stylesheet, linked from the viewer's content (so it comes with the overlay too).
    static let readerStylesheet = "css/reader.css"

    /// The viewer's content, the same on its own page and in the overlay; with pdf.js, it links
    /// the reader's stylesheet (`readerStylesheet`, its fingerprinted address).
    static func content(_ model: Model, readerStylesheet: String, l: Localizer) -> HTMLNode {
        el(
            "article",
            [
                .class("report-viewer"), .id("report-viewer-content"), .data("report", model.id), .data("back", model.backHref),
                .aria("labelledby", "report-viewer-title"), .data("pdf", model.pdfURL), model.readerScript.map { .data("pdfjs", $0) },
                .data("hit-list", SiteURL.reports(.hits(id: model.id)).path),
                model.language.map { .data("language", $0) },
            ],
            [
                model.readerScript == nil ? .empty : voidEl("link", [Attr("rel", "stylesheet"), Attr("href", readerStylesheet)]),
                el(
                    "header", [.class("report-viewer-header")],
                    [
                        el(
                            "h2", [.class("report-viewer-title"), .id("report-viewer-title"), .lang(model.language, in: l)],
                            [txt(model.shownTitle)]),
                        el("p", [.class("report-viewer-subtitle")], [txt(model.subtitle)]),
                        model.summary.map { el("p", [.class("report-viewer-summary"), .lang(model.language, in: l)], [txt($0)]) } ?? .empty,
                        model.recognisedNote.map {
                            el("p", [.class("report-recognised"), .id("report-recognised")], [icon(.scan), txt(" " + $0)])
                        }
                            ?? .empty,
                        el(
                            "a",
                            [.class("button report-download"), .id("report-download"), Attr("href", model.pdfURL), Attr("download", "")],
                            [icon(.download), txt(" " + model.downloadLabel)]),
                    ]),
                model.readerScript == nil ? .empty : readerBar(pageCount: model.pageURLs.count, l: l),
                el(
                    "ol", [.class("report-pages"), .aria("label", l.t("reports.viewer.pages"))],
                    model.pageURLs.enumerated().map { index, url in
                        el(
                            "li", [.class("report-page"), .id("page-\(index + 1)")],
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
                        : [
                            el(
                                "ul", [.lang(model.language, in: l)],
                                model.keywords.map { keyword in
                                    el(
                                        "li", [],
                                        [
                                            el(
                                                "a",
                                                [
                                                    .class("keyword"), Attr("href", keywordSearch(keyword)),
                                                    .aria("label", l.t("reports.viewer.keywordSearch", keyword)),
                                                ], [txt(keyword)])
                                        ])
                                })
                        ]),
            ])
    }

    /// The reader's controls, hidden until pdf.js has opened the PDF: the page counter between
    /// previous and next, zoom out, the zoom (a press fits the width) and zoom in, and find,
    /// which opens its bar (the words, where the match is, previous and next, close). The
    /// script fills in the numbers; the texts it needs are here, in the reader's language.
    private static func readerBar(pageCount: Int, l: Localizer) -> HTMLNode {
        func button(_ name: String, _ symbol: Icon, _ label: String, _ extra: [Attr?] = []) -> HTMLNode {
            el(
                "button", [Attr("type", "button"), .class("icon-button"), .data("reader", name), .aria("label", label)] + extra,
                [icon(symbol)])
        }
        return el(
            "div",
            [
                .class("reader-controls"), Attr("hidden", ""), .data("hits", l.t("reports.reader.hits", "%1", "%2")),
                .data("no-hits", l.t("reports.reader.noHits")), .data("searching", l.t("reports.reader.searching")),
                .data("page-label", l.t("reports.viewer.pageAlt", "%1", "%2")), .data("failed", l.t("reports.reader.failed")),
                .data("hits-across", l.t("reports.reader.hitsAcross", "%1", "%2", "%3")),
                .data("on-page", l.t("reports.reader.onPage", "%1")), .data("report-hits", l.t("reports.reader.reportHits", "%1")),
                .data("listed-first", l.t("reports.reader.listedFirst", "%1", "%2")),
                .data("other-reports", l.t("reports.reader.otherReports")), .data("no-outline", l.t("reports.reader.noOutline")),
                .data("find-failed", l.t("reports.reader.findFailed")),
                .data("more-hits", l.t("reports.reader.moreHits", "%1")),
                .data("outline-sections", l.t("reports.reader.outlineSections", "%1")),
            ],
            [
                el(
                    "div", [.class("reader-bar"), Attr("role", "toolbar"), .aria("label", l.t("reports.reader.toolbar"))],
                    [
                        button("previous-page", .back, l.t("reports.reader.previousPage")),
                        el(
                            "label", [.class("reader-page-number")],
                            [
                                el("span", [.class("visually-hidden")], [txt(l.t("reports.reader.pageNumber"))]),
                                voidEl(
                                    "input",
                                    [
                                        Attr("type", "text"), Attr("inputmode", "numeric"), Attr("enterkeyhint", "go"), Attr("value", "1"),
                                        Attr("autocomplete", "off"), .data("reader", "page"), Attr("size", "3"),
                                    ]),
                                el("span", [.class("reader-page-count")], [txt(l.t("reports.reader.ofPages", l.number(pageCount)))]),
                            ]),
                        button("next-page", .chevronRight, l.t("reports.reader.nextPage")),
                        el(
                            "span", [.class("reader-tools")],
                            [
                                button("zoom-out", .zoomOut, l.t("reports.reader.zoomOut")),
                                el(
                                    "button",
                                    [
                                        Attr("type", "button"), .class("reader-zoom"), .data("reader", "fit"),
                                        .aria("label", l.t("reports.reader.fitWidth")),
                                    ], [txt(l.percent(100))]),
                                button("zoom-in", .zoomIn, l.t("reports.reader.zoomIn")),
                                button(
                                    "find", .search, l.t("reports.reader.find"),
                                    [.aria("expanded", "false"), .aria("controls", "reader-find")]),
                                button(
                                    "panel", .list, l.t("reports.reader.panel"),
                                    [.aria("expanded", "false"), .aria("controls", "reader-panel")]),
                            ]),
                    ]),
                el(
                    "form", [.class("reader-find"), .id("reader-find"), Attr("role", "search"), Attr("hidden", "")],
                    [
                        el("label", [Attr("for", "reader-find-words"), .class("visually-hidden")], [txt(l.t("reports.reader.find"))]),
                        voidEl(
                            "input",
                            [
                                Attr("type", "search"), .id("reader-find-words"), .data("reader", "words"), Attr("enterkeyhint", "search"),
                                Attr("placeholder", l.t("reports.reader.findPlaceholder")), Attr("autocomplete", "off"),
                                Attr("maxlength", "200"),
                            ]),
                        el("span", [.class("reader-find-status"), Attr("role", "status"), .data("reader", "status")], []),
                        button("previous-hit", .chevronUp, l.t("reports.reader.previousHit")),
                        button("next-hit", .chevronDown, l.t("reports.reader.nextHit")),
                        button("close-find", .close, l.t("reports.reader.closeFind")),
                    ]),
                panel(l: l),
            ])
    }

    /// The reader's panel, opened from the bar: the PDF's outline, its pages as thumbnails and,
    /// while it finds, every hit with its page (and the other reports of the search it came
    /// from), each a tab the script fills.
    private static func panel(l: Localizer) -> HTMLNode {
        let tabs: [(name: String, label: String)] = [
            ("outline", l.t("reports.reader.outline")), ("thumbnails", l.t("reports.reader.thumbnails")),
            ("hit-list", l.t("reports.reader.hitList")),
        ]
        return el(
            "div", [.class("reader-panel"), .id("reader-panel"), Attr("hidden", "")],
            [
                el(
                    "div", [.class("reader-tabs")],
                    [
                        el(
                            "div", [Attr("role", "tablist"), .aria("label", l.t("reports.reader.panel"))],
                            tabs.enumerated().map { index, tab in
                                el(
                                    "button",
                                    [
                                        Attr("type", "button"), Attr("role", "tab"), .id("reader-tab-\(tab.name)"), .class("reader-tab"),
                                        .data("tab", tab.name), .aria("controls", "reader-\(tab.name)"),
                                        .aria("selected", index == 0 ? "true" : "false"), Attr("tabindex", index == 0 ? "0" : "-1"),
                                        tab.name == "hit-list" ? Attr("hidden", "") : nil,
                                    ], [txt(tab.label)])
                            }),
                        el(
                            "button",
                            [
                                Attr("type", "button"), .class("icon-button"), .data("reader", "close-panel"),
                                .aria("label", l.t("reports.reader.closePanel")),
                            ], [icon(.close)]),
                    ])
            ]
                + tabs.enumerated().map { index, tab in
                    el(
                        "div",
                        [
                            Attr("role", "tabpanel"), .id("reader-\(tab.name)"), .class("reader-\(tab.name)"),
                            .aria("labelledby", "reader-tab-\(tab.name)"), index == 0 ? nil : Attr("hidden", ""),
                        ], [])
                })
    }

    /// Search for `keyword` across the library: a chip's link. A keyword of several words is
    /// looked for as a phrase.
    static func keywordSearch(_ keyword: String) -> String {
        SiteURL.reports(.search).with([("q", keyword.contains(where: \.isWhitespace) ? "\"\(keyword)\"" : keyword)])
    }
}
