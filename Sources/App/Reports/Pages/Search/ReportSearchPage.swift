import Foundation
import KineticCore

/// Full-text search (beyond the seed): a search field and the reports that match, best first,
/// each with where it is and a stretch of its text with the matching words marked; a result
/// opens the viewer.
enum ReportSearchPage {
    struct Result: Equatable {
        let id: String
        let title: String
        let place: String
        let snippet: [ReportSearchResult.SnippetPart]
    }

    struct Model: Equatable {
        let query: String
        let results: [Result]
        let error: String?
    }

    static func model(query: String, results: [ReportSearchResult], error: String?, l: Localizer) -> Model {
        Model(
            query: query,
            results: results.map { result in
                Result(
                    id: result.report.id, title: result.report.title,
                    place: ReportsChrome.place(result.trail, l: l),
                    snippet: result.snippet
                )
            }, error: error)
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
        if !model.results.isEmpty {
            content.append(
                el(
                    "ul", [.class("card report-results"), .id("report-results")],
                    model.results.map { result in
                        el(
                            "li", [],
                            [
                                el(
                                    "a",
                                    [
                                        .class("report-result"), Attr("href", SiteURL.reports(.report(id: result.id)).path),
                                        .data("report", result.id),
                                    ],
                                    [
                                        el("strong", [.class("report-result-title")], [txt(result.title)]),
                                        el("span", [.class("report-result-place")], [txt(result.place)]),
                                        el(
                                            "span", [.class("report-result-snippet")],
                                            result.snippet.map { part in
                                                part.isHit ? el("mark", [], [txt(part.text)]) : txt(part.text)
                                            }),
                                    ])
                            ])
                    }))
        }
        return Layout.render(
            .init(
                title: l.t("reports.search.title"), backLink: (ReportsChrome.levelHref(nil), l.t("reports.back")),
                stylesheet: ReportsModule.stylesheet, scripts: ["js/reports/bubbles.js"], bodyClass: "reports-page"),
            context: context, content: content
        )
    }
}
