/// Without the script, deleting asks on a page of its own: the same question, Delete and Cancel.
enum WishDeleteConfirmPage {
    static func render(ids: [String], back: String, context: PageContext) -> String {
        let l = context.localizer
        let question = ids.count == 1 ? l.t("wishes.delete.confirmOne") : l.t("wishes.delete.confirmMany")
        let content: [HTMLNode] = [
            el(
                "section", [.class("card wishes-confirm"), Attr("role", "alertdialog"), .aria("labelledby", "confirm-question")],
                [
                    el("h2", [.id("confirm-question")], [txt(question)]),
                    el(
                        "form", [Attr("method", "post"), Attr("action", SiteURL.wishes(.delete).path), .class("form-actions")],
                        [
                            CSRFField.render(context.csrfToken),
                            voidEl("input", [Attr("type", "hidden"), Attr("name", "back"), Attr("value", back)]),
                            voidEl("input", [Attr("type", "hidden"), Attr("name", "confirmed"), Attr("value", "1")]),
                        ] + ids.map { voidEl("input", [Attr("type", "hidden"), Attr("name", "ids[]"), Attr("value", $0)]) } + [
                            el("a", [.class("button button-secondary"), Attr("href", back)], [txt(l.t("wishes.delete.cancel"))]),
                            el(
                                "button", [.class("button button-destructive"), Attr("type", "submit"), .id("confirm-delete")],
                                [txt(l.t("wishes.delete.action"))]),
                        ]),
                ])
        ]
        return Layout.render(
            .init(
                title: l.t("wishes.delete.title"), backLink: (back, l.t("wishes.delete.cancel")), stylesheet: WishesModule.stylesheet,
                bodyClass: "wishes-page"),
            context: context, content: content)
    }
}
