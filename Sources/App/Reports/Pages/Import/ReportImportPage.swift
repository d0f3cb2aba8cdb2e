import Foundation
import KineticCore

/// The administrator's import (beyond the seed, which ships its library with the app): a zip
/// of `library.json` and its PDFs, the library as it is now, and after an import what it did
/// or every problem that kept it from happening.
enum ReportImportPage {
    struct Model: Equatable {
        let library: String?
        let summary: String?
        let problems: [(path: String, message: String)]
        let error: String?

        static func == (lhs: Model, rhs: Model) -> Bool {
            lhs.library == rhs.library && lhs.summary == rhs.summary && lhs.error == rhs.error
                && lhs.problems.map(\.path) == rhs.problems.map(\.path) && lhs.problems.map(\.message) == rhs.problems.map(\.message)
        }
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        var content: [HTMLNode] = []
        if let summary = model.summary {
            content.append(el("p", [.class("banner banner-success"), Attr("role", "status"), .id("import-summary")], [txt(summary)]))
        }
        if let error = model.error {
            content.append(
                el(
                    "div", [.class("banner banner-error"), Attr("role", "alert"), .id("import-problems")],
                    [
                        el("p", [], [txt(error)]),
                        model.problems.isEmpty
                            ? .empty
                            : el(
                                "ul", [],
                                model.problems.map { problem in
                                    el("li", [], [el("code", [], [txt(problem.path)]), txt(": " + problem.message)])
                                }),
                    ]))
        }
        content += [
            el("p", [.class("page-intro")], [txt(model.library ?? l.t("reports.import.noLibrary"))]),
            el(
                "form",
                [
                    Attr("method", "post"), Attr("action", SiteURL.reports(.importLibrary).path), Attr("enctype", "multipart/form-data"),
                    .class("card form-card"), .id("report-import-form"),
                ],
                [
                    CSRFField.render(context.csrfToken),
                    el(
                        "div", [.class("field")],
                        [
                            el("label", [Attr("for", "report-import-file")], [txt(l.t("reports.import.file"))]),
                            voidEl(
                                "input",
                                [
                                    Attr("type", "file"), .id("report-import-file"), Attr("name", "library"),
                                    Attr("accept", ".zip,application/zip"), Attr("required", ""),
                                    .aria("describedby", "report-import-hint"),
                                ]),
                            el("p", [.class("field-hint"), .id("report-import-hint")], [txt(l.t("reports.import.hint"))]),
                        ]),
                    el("button", [.class("button button-primary"), Attr("type", "submit")], [txt(l.t("reports.import.submit"))]),
                ]),
            el(
                "p", [.class("field-hint report-import-schema")],
                [
                    txt(l.t("reports.import.schema") + " "),
                    el("a", [Attr("href", SiteURL.reportLibrarySchema.path)], [txt("report-library.schema.json")]),
                ]),
        ]
        return Layout.render(
            .init(
                title: l.t("reports.import.title"), backLink: (ReportsChrome.levelHref(nil), l.t("reports.back")),
                stylesheet: ReportsModule.stylesheet, scripts: ["js/reports/import.js"], bodyClass: "reports-page"),
            context: context, content: content
        )
    }
}
