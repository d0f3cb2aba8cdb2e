import KineticCore

/// One wish (seed 04, 09, 11): its card or photo, subject and message, who it is for or from and
/// when; for each recipient how they get it (Scheduled) or how it ended up for them and why it
/// failed (Sent), and its Connections post. Up and down arrows go to the
/// previous and next wish of the list it was opened from (with its search), disabled at the
/// ends; a scheduled wish has Edit; every wish has Delete, which asks first.
enum WishMessagePage {
    struct Model: Equatable {
        let id: String
        let box: WishBox
        let occasion: Occasion
        let subject: String
        let message: String
        let photoURL: String?
        let peopleLabel: String
        let people: String
        let whenLabel: String
        let when: String
        /// What the per-recipient list is titled: how each gets it, or how it went.
        let deliveriesTitle: String
        let deliveries: [WishesChrome.DeliveryRow]
        let previousHref: String?
        let nextHref: String?
        let listHref: String
        let editHref: String?
        let notice: String?
        let noticeIsError: Bool
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let arrows = el(
            "div", [.class("wish-arrows")],
            [
                arrow(model.previousHref, symbol: .arrowUp, label: l.t("wishes.message.previous"), id: "previous-wish"),
                arrow(model.nextHref, symbol: .arrowDown, label: l.t("wishes.message.next"), id: "next-wish"),
            ])
        let content: [HTMLNode] = [
            banner(model.notice, isError: model.noticeIsError),
            WishesChrome.card(occasion: model.occasion, subject: model.subject, message: model.message, photoURL: model.photoURL, l: l),
            el(
                "section", [.class("card")],
                [
                    el(
                        "dl", [.class("detail-list")],
                        [
                            // Scheduled and Sent name each recipient below, with how it goes or went.
                            model.box == .inbox ? detail(model.peopleLabel, model.people) : .empty,
                            detail(model.whenLabel, model.when),
                        ])
                ]),
            WishesChrome.deliveryList(model.deliveries, title: model.deliveriesTitle),
            el(
                "div", [.class("wish-actions")],
                [
                    model.editHref.map {
                        el(
                            "a", [.class("button button-secondary"), Attr("href", $0), .id("edit-wish")],
                            [icon(.pencil), txt(l.t("wishes.message.edit"))])
                    } ?? .empty,
                    el(
                        "form",
                        [
                            Attr("method", "post"), Attr("action", SiteURL.wishes(.delete).path), .class("wish-delete-form"),
                            .data("confirm", l.t("wishes.delete.confirmOne")),
                        ],
                        [
                            CSRFField.render(context.csrfToken),
                            voidEl("input", [Attr("type", "hidden"), Attr("name", "ids[]"), Attr("value", model.id)]),
                            voidEl("input", [Attr("type", "hidden"), Attr("name", "back"), Attr("value", model.listHref)]),
                            voidEl(
                                "input", [Attr("type", "hidden"), Attr("name", "confirmed"), Attr("value", ""), .class("confirmed-field")]),
                            el(
                                "button", [.class("button button-destructive"), Attr("type", "submit"), .id("delete-wish")],
                                [icon(.trash), txt(l.t("wishes.delete.action"))]),
                        ]),
                ]),
        ]
        return Layout.render(
            .init(
                title: l.t(model.box.titleKey), topBarAction: arrows, backLink: (model.listHref, l.t(model.box.titleKey)),
                stylesheet: WishesModule.stylesheet, scripts: ["js/wishes/message.js"], bodyClass: "wishes-page"),
            context: context, content: content
        )
    }

    private static func arrow(_ href: String?, symbol: Icon, label: String, id: String) -> HTMLNode {
        guard let href else {
            return el(
                "span",
                [
                    .class("icon-button icon-button-disabled"), .id(id), Attr("role", "link"), .aria("disabled", "true"),
                    .aria("label", label),
                ], [icon(symbol)])
        }
        return el("a", [.class("icon-button"), Attr("href", href), .id(id), .aria("label", label)], [icon(symbol)])
    }

    private static func detail(_ term: String, _ value: String) -> HTMLNode {
        el("div", [.class("detail-row")], [el("dt", [], [txt(term)]), el("dd", [], [txt(value)])])
    }
}
