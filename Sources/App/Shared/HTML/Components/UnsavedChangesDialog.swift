/// The alert shown when leaving a page with unsaved changes: save, discard, or stay.
enum UnsavedChangesDialog {
    static func render(_ l: Localizer) -> HTMLNode {
        el(
            "dialog",
            [.id("unsaved-dialog"), .class("alert"), .aria("labelledby", "unsaved-title"), .aria("describedby", "unsaved-message")],
            [
                el("h2", [.id("unsaved-title"), .class("alert-title")], [txt(l.t("unsaved.title"))]),
                el("p", [.id("unsaved-message"), .class("alert-message")], [txt(l.t("unsaved.message"))]),
                el(
                    "form", [Attr("method", "dialog"), .class("alert-actions alert-actions-stacked")],
                    [
                        el("button", [.class("alert-button alert-button-primary"), Attr("value", "save")], [txt(l.t("unsaved.save"))]),
                        el(
                            "button", [.class("alert-button alert-button-destructive"), Attr("value", "discard")],
                            [txt(l.t("unsaved.discard"))]),
                        el("button", [.class("alert-button"), Attr("value", "cancel")], [txt(l.t("action.cancel"))]),
                    ]),
            ])
    }
}
