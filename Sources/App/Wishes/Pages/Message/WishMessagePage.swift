import KineticCore

/// One wish (seed 04, 09, 11): its card or photo, subject and message, who it is for or from and
/// when; for each recipient how they get it (Scheduled) or how it ended up for them and why it
/// failed (Sent), and its Connections post. Up and down arrows go to the
/// previous and next wish of the list it was opened from (with its search), disabled at the
/// ends; a scheduled wish has Edit; an Inbox wish has Say thanks; every wish has Delete, which
/// asks first.
enum WishMessagePage {
    /// The thank-you form of an Inbox wish: what was typed, and what is wrong with it.
    struct Thanks: Equatable {
        let text: String
        let error: String?
    }

    struct Model {
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
        /// Inbox only.
        let thanks: Thanks?
        /// When the reader said thanks, as they read it.
        let thankedOn: String?
        /// A page the wish leads to: its yearly wish, or the wish a reminder is about.
        var related: (href: String, label: String)? = nil
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
            model.thanks.map { thanksSection($0, model: model, context: context) } ?? .empty,
            el(
                "div", [.class("wish-actions")],
                [
                    model.related.map {
                        el("a", [.class("button button-secondary"), Attr("href", $0.href), .id("related-link")], [txt($0.label)])
                    } ?? .empty,
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

    /// Say thanks: a short note into the sender's Inbox, once; afterwards, when it was said.
    private static func thanksSection(_ thanks: Thanks, model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        if let on = model.thankedOn {
            return el("p", [.class("card wish-thanked"), .id("wish-thanked")], [icon(.check), txt(l.t("wishes.thanks.said", on))])
        }
        let described = ["wish-thanks-hint", thanks.error == nil ? nil : "wish-thanks-error"].compactMap { $0 }.joined(separator: " ")
        return el(
            "form",
            [
                Attr("method", "post"), Attr("action", SiteURL.wishes(.thanks(id: model.id)).path), .class("card form wish-thanks"),
                .id("wish-thanks"),
            ],
            [
                CSRFField.render(context.csrfToken),
                el(
                    "div", [.class(thanks.error == nil ? "field" : "field field-invalid")],
                    [
                        el("label", [Attr("for", "wish-thanks-message"), .class("card-title")], [txt(l.t("wishes.thanks.title"))]),
                        el(
                            "textarea",
                            [
                                .id("wish-thanks-message"), Attr("name", "message"), .class("field-input"), Attr("rows", "3"),
                                Attr("maxlength", String(WishThanks.maximumLength)), .flag("required"),
                                Attr("placeholder", l.t("wishes.thanks.placeholder")), .aria("describedby", described),
                                thanks.error == nil ? nil : .aria("invalid", "true"),
                            ], [txt(thanks.text)]),
                        el("p", [.id("wish-thanks-hint"), .class("field-hint")], [txt(l.t("wishes.thanks.hint"))]),
                        thanks.error.map { el("p", [.id("wish-thanks-error"), .class("field-error")], [txt($0)]) } ?? .empty,
                    ]),
                el(
                    "button", [Attr("type", "submit"), .class("button button-primary button-block"), .id("wish-thanks-send")],
                    [icon(.send), txt(l.t("wishes.thanks.send"))]),
            ])
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
