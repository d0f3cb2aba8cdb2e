import Foundation
import KineticCore

/// The administrator's import (beyond the seed, which ships its library with the app): a zip
/// of `library.json` and its PDFs, the library as it is now, the one the last import replaced
/// (with Undo), and after an import or undo what it did or every problem that kept it from
/// happening.
enum ReportImportPage {
    /// What the last action came to.
    enum Outcome {
        case done(String)
        case failed(AppError)

        func described(by l: Localizer) -> Described {
            switch self {
            case .done(let text): return Described(summary: text, error: nil, problems: [])
            case .failed(let error):
                let problems = error.fields.messages.sorted { $0.key < $1.key }.map {
                    Problem(path: $0.key, message: l.t($0.value, arguments: error.fieldArguments[$0.key] ?? []))
                }
                return Described(summary: nil, error: l.t(error.messageKey, arguments: error.messageArguments), problems: problems)
            }
        }

        struct Described: Equatable {
            let summary: String?
            let error: String?
            let problems: [Problem]
        }

        struct Problem: Equatable {
            let path: String
            let message: String
        }
    }

    struct Model: Equatable {
        let library: String?
        /// The library before the last import, which Undo brings back.
        let previous: String?
        let outcome: Outcome.Described?
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        var content: [HTMLNode] = []
        if let summary = model.outcome?.summary {
            content.append(el("p", [.class("banner banner-success"), Attr("role", "status"), .id("import-summary")], [txt(summary)]))
        }
        if let error = model.outcome?.error {
            content.append(problemsBanner(error, problems: model.outcome?.problems ?? []))
        }
        content += [
            el("p", [.class("page-intro")], [txt(model.library ?? l.t("reports.import.noLibrary"))]),
            el(
                "form",
                [
                    Attr("method", "post"), Attr("action", SiteURL.reports(.importLibrary).path), Attr("enctype", "multipart/form-data"),
                    .class("card form-card"), .id("report-import-form"), .data("csrf", context.csrfToken),
                    .data("working-message", l.t("reports.import.checking")), .data("error-message", l.t("reports.import.failed")),
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
                    el(
                        "div", [.class("import-progress"), .flag("hidden")],
                        [
                            el(
                                "progress",
                                [
                                    .id("report-import-progress"), Attr("max", "100"), Attr("value", "0"),
                                    .aria("label", l.t("reports.import.progress")),
                                ]
                            ),
                            el("p", [.class("import-status"), Attr("role", "status"), .aria("live", "polite")]),
                        ]),
                    el("button", [.class("button button-primary"), Attr("type", "submit")], [txt(l.t("reports.import.check"))]),
                ]),
            previousCard(model.previous, context: context),
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
                stylesheet: ReportsModule.stylesheet, scripts: ["js/reports/import.js", "js/shared/confirm-forms.js"],
                bodyClass: "reports-page"),
            context: context, content: content
        )
    }

    /// The problems that kept an import or undo from happening, each at its place.
    static func problemsBanner(_ error: String, problems: [Outcome.Problem]) -> HTMLNode {
        el(
            "div", [.class("banner banner-error"), Attr("role", "alert"), .id("import-problems")],
            [
                el("p", [], [txt(error)]),
                problems.isEmpty
                    ? .empty
                    : el(
                        "ul", [],
                        problems.map { problem in el("li", [], [el("code", [], [txt(problem.path)]), txt(": " + problem.message)]) }),
            ])
    }

    /// The library the last import replaced, with Undo (asked first).
    private static func previousCard(_ previous: String?, context: PageContext) -> HTMLNode {
        guard let previous else { return .empty }
        let l = context.localizer
        return el(
            "section", [.class("card"), .id("report-import-previous"), .aria("labelledby", "report-import-previous-title")],
            [
                el("h2", [.class("card-title"), .id("report-import-previous-title")], [txt(l.t("reports.import.undoTitle"))]),
                el("p", [], [txt(previous)]),
                el(
                    "form",
                    [
                        Attr("method", "post"), Attr("action", SiteURL.reports(.undoImport).path),
                        .data("confirm", l.t("reports.import.undoConfirm")),
                    ],
                    [
                        CSRFField.render(context.csrfToken),
                        el("button", [.class("button button-secondary"), Attr("type", "submit")], [txt(l.t("reports.import.undo"))]),
                    ]),
            ])
    }
}
