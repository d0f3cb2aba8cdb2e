import Foundation
import KineticCore

/// What an uploaded library would change, before anything is stored: the reports whose files
/// cannot be read, which importing leaves out (each with why), its reports and categories
/// added, changed and removed (each list under a disclosure, removals called out because every
/// reader loses them), the pages to render, and Import (saying how many it leaves out) or Cancel.
enum ReportImportPreviewPage {
    static func render(_ draft: ReportImportDraft, context: PageContext) -> String {
        let l = context.localizer
        let id = draft.id.uuidString.lowercased()
        let changes = draft.changes
        var content: [HTMLNode] = [
            el(
                "p", [.class("page-intro"), .id("import-preview-intro")],
                [
                    txt(
                        l.t(
                            "reports.import.preview.intro", draft.title, l.plural("reports.count", count: draft.reportCount),
                            l.plural("reports.pages", count: draft.pageCount)))
                ])
        ]
        if !draft.leftOut.isEmpty {
            content.append(ReportImportPage.leftOutCard(draft.leftOut, intro: l.t("reports.import.leftOut.preview"), l: l))
        }
        if changes.isEmpty {
            content.append(
                el(
                    "p", [.class("banner banner-info"), Attr("role", "status"), .id("import-preview-same")],
                    [txt(l.t("reports.import.preview.same"))]))
        } else {
            if !changes.reports.removed.isEmpty {
                content.append(
                    el(
                        "p", [.class("banner banner-warning"), .id("import-preview-removals")],
                        [txt(l.t("reports.import.preview.removals", l.plural("reports.count", count: changes.reports.removed.count)))]))
            }
            if let newTitle = changes.newTitle, draft.basis.importedAt != nil {
                content.append(el("p", [], [txt(l.t("reports.import.preview.title", newTitle))]))
            }
            content.append(
                el(
                    "section", [.class("card import-changes"), .id("import-preview-changes"), .aria("labelledby", "import-changes-title")],
                    [
                        el("h2", [.class("card-title"), .id("import-changes-title")], [txt(l.t("reports.import.preview.changes"))]),
                        changeList("reports.import.preview.reportsAdded", changes.reports.added, id: "added-reports", l: l),
                        changeList("reports.import.preview.reportsChanged", changes.reports.changed, id: "changed-reports", l: l),
                        changeList("reports.import.preview.reportsRemoved", changes.reports.removed, id: "removed-reports", l: l),
                        changeList("reports.import.preview.categoriesAdded", changes.categories.added, id: "added-categories", l: l),
                        changeList("reports.import.preview.categoriesChanged", changes.categories.changed, id: "changed-categories", l: l),
                        changeList("reports.import.preview.categoriesRemoved", changes.categories.removed, id: "removed-categories", l: l),
                        changes.reports.unchanged == 0
                            ? .empty
                            : el(
                                "p", [.class("field-hint")],
                                [txt(l.t("reports.import.preview.unchanged", l.plural("reports.count", count: changes.reports.unchanged)))]),
                    ]))
        }
        if draft.pagesToRender > 0 {
            content.append(
                el(
                    "p", [.class("field-hint"), .id("import-preview-render")],
                    [txt(l.t("reports.import.preview.render", l.plural("reports.pages", count: draft.pagesToRender)))]))
        }
        content.append(
            el(
                "div", [.class("form-actions import-preview-actions")],
                [
                    el(
                        "form", [Attr("method", "post"), Attr("action", SiteURL.reports(.discardImport(id: id)).path)],
                        [
                            CSRFField.render(context.csrfToken),
                            el(
                                "button", [.class("button button-secondary"), Attr("type", "submit")],
                                [txt(l.t("reports.import.preview.cancel"))]),
                        ]),
                    el(
                        "form",
                        [Attr("method", "post"), Attr("action", SiteURL.reports(.confirmImport(id: id)).path), .id("import-confirm-form")],
                        [
                            CSRFField.render(context.csrfToken),
                            el(
                                "button", [.class("button button-primary"), Attr("type", "submit")],
                                [
                                    txt(
                                        draft.leftOut.isEmpty
                                            ? l.t("reports.import.submit")
                                            : l.t("reports.import.submitLeavingOut", l.plural("reports.count", count: draft.leftOut.count)))
                                ]),
                        ]),
                ]))
        return Layout.render(
            .init(
                title: l.t("reports.import.preview.heading"), backLink: (SiteURL.reports(.importLibrary).path, l.t("reports.import.title")),
                stylesheet: ReportsModule.stylesheet, scripts: ["js/reports/import.js"], bodyClass: "reports-page"),
            context: context, content: content
        )
    }

    /// One kind of change: its count as a disclosure holding each item's title and id.
    private static func changeList(_ key: String, _ items: [ReportLibraryChanges.Item], id: String, l: Localizer) -> HTMLNode {
        guard !items.isEmpty else { return .empty }
        return el(
            "details", [.class("import-change"), .id(id)],
            [
                el("summary", [], [txt(l.t(key, l.number(items.count)))]),
                el(
                    "ul", [],
                    items.map { item in el("li", [], [txt(item.title + " "), el("code", [], [txt(item.id)])]) }),
            ])
    }
}
