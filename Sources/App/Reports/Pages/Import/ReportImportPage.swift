import Foundation
import KineticCore

/// The administrator's import (beyond the seed, which ships its library with the app): a zip
/// of `library.json` and its PDFs, the library as it is now, the one the last import replaced
/// (with Undo), and after an import or undo what it did or every problem that kept it from
/// happening. While a confirmed import runs in the background the page shows how far it has
/// got (its script refreshes that) instead of the upload form.
enum ReportImportPage {
    /// What the last action came to.
    enum Outcome {
        /// What it did, and the reports it left out.
        case done(String, leftOut: [ReportLibraryImporter.LeftOut] = [])
        case failed(AppError)
        case running(ReportImportStatus)

        func described(by l: Localizer) -> Described {
            switch self {
            case .running(let status):
                return Described(summary: nil, error: nil, problems: [], running: Running(status, l: l))
            case .done(let text, let leftOut): return Described(summary: text, error: nil, problems: [], leftOut: leftOut)
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
            var running: Running?
            var leftOut: [ReportLibraryImporter.LeftOut] = []
        }

        /// A running import's progress, as the page says it.
        struct Running: Equatable {
            let statusURL: String
            let rendered: (text: String, done: Int, of: Int)
            /// Shown once the import has found pages without text.
            let recognised: (text: String, done: Int, of: Int)?

            init(_ status: ReportImportStatus, l: Localizer) {
                let progress = status.progress
                statusURL = SiteURL.reports(.importStatus(id: status.id.uuidString.lowercased())).path
                rendered = (
                    l.t("reports.import.running.rendered", l.number(progress.pagesRendered), l.number(progress.pagesToRender)),
                    progress.pagesRendered, max(progress.pagesToRender, 1)
                )
                recognised =
                    progress.pagesToRecognise == 0
                    ? nil
                    : (
                        l.t("reports.import.running.recognised", l.number(progress.pagesRecognised), l.number(progress.pagesToRecognise)),
                        progress.pagesRecognised, progress.pagesToRecognise
                    )
            }

            static func == (lhs: Running, rhs: Running) -> Bool {
                lhs.statusURL == rhs.statusURL && lhs.rendered.text == rhs.rendered.text && lhs.recognised?.text == rhs.recognised?.text
            }
        }

        struct Problem: Equatable {
            let path: String
            let message: String
        }
    }

    /// The library before the last import, which Undo brings back.
    struct Undo: Equatable {
        /// What comes back, and until when it was the library.
        let description: String
        /// What Undo asks first: what comes back and what goes.
        let question: String
        /// The library it undoes (``ReportLibraryImporter/UndoMark``).
        let mark: String
    }

    struct Model: Equatable {
        let library: String?
        /// Nil when there is no earlier library to bring back.
        let previous: Undo?
        let outcome: Outcome.Described?
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        var content: [HTMLNode] = []
        if let summary = model.outcome?.summary {
            content.append(el("p", [.class("banner banner-success"), Attr("role", "status"), .id("import-summary")], [txt(summary)]))
        }
        if let leftOut = model.outcome?.leftOut, !leftOut.isEmpty {
            content.append(leftOutCard(leftOut, intro: l.t("reports.import.leftOut.done"), l: l))
        }
        if let error = model.outcome?.error {
            content.append(problemsBanner(error, problems: model.outcome?.problems ?? []))
        }
        content.append(el("p", [.class("page-intro")], [txt(model.library ?? l.t("reports.import.noLibrary"))]))
        if let running = model.outcome?.running {
            content.append(runningCard(running, l: l))
        } else {
            content.append(uploadForm(context: context))
        }
        content += [
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

    /// A running import: pages rendered and pages recognised, each with a bar; the script
    /// fetches the page again every second and a half to move them.
    private static func runningCard(_ running: Outcome.Running, l: Localizer) -> HTMLNode {
        func bar(_ id: String, _ part: (text: String, done: Int, of: Int)) -> [HTMLNode] {
            [
                el("p", [.class("import-running-label"), .id("\(id)-label")], [txt(part.text)]),
                el(
                    "progress",
                    [
                        .id(id), Attr("max", String(part.of)), Attr("value", String(min(part.done, part.of))),
                        .aria("labelledby", "\(id)-label"),
                    ],
                    []),
            ]
        }
        return el(
            "section",
            [
                .class("card import-running"), .id("import-running"), .data("status-url", running.statusURL),
                .aria("labelledby", "import-running-title"),
            ],
            [el("h2", [.class("card-title"), .id("import-running-title")], [txt(l.t("reports.import.running.title"))])]
                + bar("import-rendered", running.rendered) + (running.recognised.map { bar("import-recognised", $0) } ?? [])
                + [
                    el("p", [.class("field-hint")], [txt(l.t("reports.import.running.note"))]),
                    el(
                        "a", [Attr("href", running.statusURL), .class("import-running-refresh")],
                        [txt(l.t("reports.import.running.refresh"))]),
                ])
    }

    /// The upload: a zip, sent with a progress bar by the script.
    private static func uploadForm(context: PageContext) -> HTMLNode {
        let l = context.localizer
        return el(
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
            ])
    }

    /// The reports an import leaves out (or left out), each with its file and why, under
    /// `intro`: what happens to them.
    static func leftOutCard(_ leftOut: [ReportLibraryImporter.LeftOut], intro: String, l: Localizer) -> HTMLNode {
        el(
            "section", [.class("card import-left-out"), .id("import-left-out"), .aria("labelledby", "import-left-out-title")],
            [
                el(
                    "h2", [.class("card-title"), .id("import-left-out-title")],
                    [txt(l.t("reports.import.leftOut.title", l.plural("reports.count", count: leftOut.count)))]),
                el("p", [], [txt(intro)]),
                el(
                    "ul", [],
                    leftOut.map { report in
                        el(
                            "li", [],
                            [
                                el("strong", [], [txt(report.title)]), txt(" "), el("code", [], [txt(report.file)]),
                                el("p", [.class("field-hint")], [txt(l.t(report.messageKey, arguments: report.arguments))]),
                            ])
                    }),
            ])
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
    private static func previousCard(_ previous: Undo?, context: PageContext) -> HTMLNode {
        guard let previous else { return .empty }
        let l = context.localizer
        return el(
            "section", [.class("card"), .id("report-import-previous"), .aria("labelledby", "report-import-previous-title")],
            [
                el("h2", [.class("card-title"), .id("report-import-previous-title")], [txt(l.t("reports.import.undoTitle"))]),
                el("p", [], [txt(previous.description)]),
                el(
                    "form",
                    [
                        Attr("method", "post"), Attr("action", SiteURL.reports(.undoImport).path),
                        .data("confirm", previous.question),
                    ],
                    [
                        CSRFField.render(context.csrfToken),
                        voidEl("input", [Attr("type", "hidden"), Attr("name", "of"), Attr("value", previous.mark)]),
                        el("button", [.class("button button-secondary"), Attr("type", "submit")], [txt(l.t("reports.import.undo"))]),
                    ]),
            ])
    }
}
