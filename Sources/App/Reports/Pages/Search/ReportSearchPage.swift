import Foundation
import KineticCore

/// Full-text search (beyond the seed): a search field and the reports that match, best first,
/// each with where it is, a stretch of its text with the matching words marked and the pages
/// holding them; a result opens the viewer at its best page with the words highlighted, and
/// each page named opens it there.
enum ReportSearchPage {
    struct Result: Equatable {
        let id: String
        let title: String
        let place: String
        let snippet: [ReportSearchResult.SnippetPart]
        /// Where the result opens: the viewer at the snippet's page, with the words to highlight.
        let href: String
        /// "Page 12" for the snippet's page, when it is from one.
        let snippetPage: String?
        /// The pages holding the words, each with the viewer opened at it.
        let pages: [(label: String, href: String)]
        /// "Found on 14 pages", or nil when on none.
        let pagesLabel: String?
        /// "and 8 more", when more pages hold them than are named.
        let morePages: String?
        /// The language of its title and snippet.
        var language: String? = nil

        static func == (lhs: Result, rhs: Result) -> Bool {
            lhs.id == rhs.id && lhs.href == rhs.href && lhs.pages.map(\.href) == rhs.pages.map(\.href)
        }
    }

    struct Model: Equatable {
        let query: String
        let results: [Result]
        /// "Showing results for “gnuplot” instead of “gnuplt”.", one per corrected word.
        let corrections: [String]
        let error: String?
    }

    /// The most pages named under a result.
    static let pagesNamed = 6

    static func model(query: String, found: ReportSearchResults, error: String?, l: Localizer) -> Model {
        func viewer(_ id: String, page: Int?) -> String {
            SiteURL.reports(.report(id: id)).with([
                ("page", page.map(String.init)), ("find", found.find.isEmpty ? nil : found.find),
                // The reader goes on to the hits in the search's other reports.
                ("search", found.find.isEmpty ? nil : String(query.prefix(200))),
            ])
        }
        return Model(
            query: query,
            results: found.results.map { result in
                let named = result.pages.prefix(pagesNamed)
                let more = result.pageMatchCount - named.count
                return Result(
                    id: result.report.id, title: result.report.title,
                    place: ReportsChrome.place(result.trail, l: l),
                    snippet: result.snippet,
                    href: viewer(result.report.id, page: result.snippetPage ?? result.pages.first),
                    snippetPage: result.snippetPage.map { l.t("reports.search.page", l.number($0)) },
                    pages: named.map { (l.number($0), viewer(result.report.id, page: $0)) },
                    pagesLabel: result.pageMatchCount > 0 ? l.plural("reports.search.onPages", count: result.pageMatchCount) : nil,
                    morePages: more > 0 ? l.plural("reports.search.morePages", count: more) : nil,
                    language: result.report.language
                )
            },
            corrections: found.corrections.sorted { $0.key < $1.key }.map { word, readAs in
                l.t("reports.search.corrected", readAs.joined(separator: ", "), word)
            },
            error: error)
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let trimmed = model.query.trimmingCharacters(in: .whitespaces)
        var content: [HTMLNode] = [
            el(
                "form",
                [
                    Attr("method", "get"), Attr("action", SiteURL.reports(.search).path), .class("report-search-form"),
                    Attr("role", "search"),
                ],
                [
                    el("label", [Attr("for", "report-search-query"), .class("visually-hidden")], [txt(l.t("reports.search.label"))]),
                    voidEl(
                        "input",
                        [
                            Attr("type", "search"), .id("report-search-query"), Attr("name", "q"), Attr("value", model.query),
                            Attr("maxlength", "200"), Attr("placeholder", l.t("reports.search.placeholder")),
                            Attr("enterkeyhint", "search"),
                            model.error == nil ? nil : .aria("invalid", "true"),
                        ]),
                    el("button", [.class("button button-primary"), Attr("type", "submit")], [txt(l.t("reports.search.submit"))]),
                ])
        ]
        if let error = model.error {
            content.append(el("p", [.class("field-error"), Attr("role", "alert")], [txt(error)]))
        } else if !trimmed.isEmpty {
            content.append(
                el(
                    "p", [.class("report-search-count"), Attr("role", "status")],
                    [
                        txt(
                            model.results.isEmpty
                                ? l.t("reports.search.none", trimmed) : l.plural("reports.search.found", count: model.results.count))
                    ]))
        } else {
            content.append(el("p", [.class("page-intro")], [txt(l.t("reports.search.intro"))]))
        }
        for correction in model.corrections {
            content.append(el("p", [.class("report-search-correction")], [txt(correction)]))
        }
        if !model.results.isEmpty {
            content.append(el("ul", [.class("card report-results"), .id("report-results")], model.results.map { resultItem($0, l: l) }))
        }
        return Layout.render(
            .init(
                title: l.t("reports.search.title"), backLink: (ReportsChrome.levelHref(nil), l.t("reports.back")),
                stylesheet: ReportsModule.stylesheet, scripts: ["js/reports/bubbles.js"], bodyClass: "reports-page"),
            context: context, content: content
        )
    }

    /// One result: a link to the viewer at its best page (title, place, the snippet and its
    /// page), then links to each page holding the words.
    private static func resultItem(_ result: Result, l: Localizer) -> HTMLNode {
        var snippet: [HTMLNode] = result.snippet.map { part in part.isHit ? el("mark", [], [txt(part.text)]) : txt(part.text) }
        if let page = result.snippetPage {
            snippet.insert(el("span", [.class("report-result-page")], [txt(page)]), at: 0)
        }
        var item: [HTMLNode] = [
            el(
                "a", [.class("report-result"), Attr("href", result.href), .data("report", result.id)],
                [
                    el("strong", [.class("report-result-title"), .lang(result.language, in: l)], [txt(result.title)]),
                    el("span", [.class("report-result-place")], [txt(result.place)]),
                    el("span", [.class("report-result-snippet"), .lang(result.language, in: l)], snippet),
                ])
        ]
        if let label = result.pagesLabel {
            var pages: [HTMLNode] = result.pages.map { page in
                el(
                    "a",
                    [
                        .class("report-result-page-link"), Attr("href", page.href), .data("report", result.id),
                        .aria("label", l.t("reports.search.page", page.label)),
                    ], [txt(page.label)])
            }
            if let more = result.morePages { pages.append(el("span", [.class("report-result-more")], [txt(more)])) }
            item.append(
                el(
                    "p", [.class("report-result-pages")],
                    [el("span", [.class("report-result-pages-label")], [txt(label)])] + pages))
        }
        return el("li", [], item)
    }
}
