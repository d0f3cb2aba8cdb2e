import KineticCore

/// The preview (seed 07_9) and Send Options (07_10): the wish as its recipients will see it, when
/// it goes, and how each recipient gets it; Edit goes back to the form, Submit opens Send
/// Options — for each recipient the app, e-mail or both (Kinetic picked the app for an address
/// a Kinetic account confirmed, e-mail for any other), and a post on Connections — and Confirm
/// schedules it. Without the script Send Options is a card under the preview.
enum WishPreviewPage {
    /// The fields whose problems Send Options shows (the others go back to the form).
    static let sendOptionFields: Set<String> = ["reach", "connections"]

    struct Recipient: Equatable {
        let address: String
        /// The name the sender knows them by, when they know one.
        var name: String? = nil
        let reach: RecipientReach
        let hasKineticAccount: Bool

        /// Who they are on the page: their name, else their address.
        var who: String { name ?? address }
    }

    struct ConnectionsChoice: Equatable {
        /// This server posts to Connections.
        let offered: Bool
        /// The sender may post (their address is confirmed).
        let mayUse: Bool
        let chosen: Bool
    }

    /// A yearly wish's next five send times, as the reader reads them, and its reminder.
    struct Yearly: Equatable {
        struct Occurrence: Equatable {
            /// On the wish's clock, with its zone's name.
            let onItsClock: String
            /// The same instant on the other clock that matters (the sender's, or the
            /// birthday's contact's), when it is another.
            let elsewhere: String?
        }

        /// "Every year: the next five", or on whose birthday.
        let title: String
        let next: [Occurrence]
        let reminder: String?
    }

    struct Model {
        let form: WishComposeForm
        let editingID: String?
        let occasion: Occasion
        let subject: String
        let message: String
        let photoURL: String?
        let when: String
        /// Said when the chosen time was moved (a daylight-saving gap) or is ambiguous.
        let whenNote: String?
        /// Each recipient with the reach it goes by now.
        let recipients: [Recipient]
        /// Whether e-mail can be chosen: the server sends it and the sender's address is confirmed.
        let canEmail: Bool
        let connections: ConnectionsChoice
        let reachError: String?
        let connectionsError: String?
        /// When it repeats every year.
        var yearly: Yearly? = nil

        var hasProblems: Bool { reachError != nil || connectionsError != nil }
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let action = model.editingID.map { SiteURL.wishes(.edit(id: $0)).path } ?? SiteURL.wishes(.list).path
        let submit = el(
            "a", [.class("top-bar-text-button"), Attr("href", "#send-options"), .id("preview-submit")], [txt(l.t("wishes.preview.submit"))])
        let plan =
            model.recipients.map {
                WishesChrome.DeliveryRow(who: $0.who, state: l.t($0.reach.nameKey), stateID: nil, isFailed: false, reason: nil)
            }
            + (model.connections.chosen
                ? [
                    WishesChrome.DeliveryRow(
                        who: l.t(WishChannel.connections.nameKey), state: l.t("wishes.reach.connections"), stateID: nil, isFailed: false,
                        reason: nil)
                ] : [])
        let content: [HTMLNode] = [
            WishesChrome.card(occasion: model.occasion, subject: model.subject, message: model.message, photoURL: model.photoURL, l: l),
            el(
                "section", [.class("card")],
                [
                    el(
                        "dl", [.class("detail-list")],
                        [
                            el(
                                "div", [.class("detail-row")],
                                [el("dt", [], [txt(l.t("wishes.message.sendsAt"))]), el("dd", [], [txt(model.when)])])
                        ]),
                    model.whenNote.map { el("p", [.class("field-hint preview-note")], [txt($0)]) } ?? .empty,
                ]),
            model.yearly.map { yearly in
                el(
                    "section", [.class("card preview-yearly"), .aria("labelledby", "preview-yearly-title")],
                    [
                        el("h2", [.class("card-title"), .id("preview-yearly-title")], [txt(yearly.title)]),
                        el(
                            "ol", [.class("preview-yearly-dates")],
                            yearly.next.map { occurrence in
                                el(
                                    "li", [],
                                    [
                                        txt(occurrence.onItsClock),
                                        occurrence.elsewhere.map { el("span", [.class("preview-yearly-elsewhere")], [txt($0)]) } ?? .empty,
                                    ])
                            }),
                        yearly.reminder.map { el("p", [.class("field-hint")], [txt($0)]) } ?? .empty,
                    ])
            } ?? .empty,
            WishesChrome.deliveryList(plan, title: l.t("wishes.message.reaches")),
            el(
                "form", [Attr("method", "post"), Attr("action", SiteURL.wishes(.revise).path), .class("preview-actions")],
                [
                    CSRFField.render(context.csrfToken),
                    model.editingID.map { voidEl("input", [Attr("type", "hidden"), Attr("name", "editing"), Attr("value", $0)]) } ?? .empty,
                ] + model.form.hiddenFields() + [
                    el(
                        "button", [.class("button button-secondary"), Attr("type", "submit"), .id("preview-edit")],
                        [icon(.pencil), txt(l.t("wishes.preview.edit"))]),
                    el(
                        "a", [.class("button button-primary"), Attr("href", "#send-options"), .id("preview-submit-bottom")],
                        [txt(l.t("wishes.preview.submit"))]),
                ]),
            sendOptions(model, action: action, context: context),
        ]
        return Layout.render(
            .init(
                title: l.t("wishes.preview.title"), topBarAction: submit, backLink: nil,
                stylesheet: WishesModule.stylesheet, scripts: ["js/wishes/preview.js"], bodyClass: "wishes-page preview-page"),
            context: context, content: content
        )
    }

    private static func sendOptions(_ model: Model, action: String, context: PageContext) -> HTMLNode {
        let l = context.localizer
        return el(
            "dialog",
            [
                .id("send-options"), .class("send-options"), Attr("open", ""), .aria("labelledby", "send-options-title"),
                model.hasProblems ? .data("show", "true") : nil,
            ].compactMap { $0 },
            [
                el(
                    "form",
                    [Attr("method", "post"), Attr("action", action), .class("send-options-form")]
                        + OutboxPanel.queueable(template: l.t("wishes.compose.queued"), fields: ["recipients", "subject"]),
                    [
                        CSRFField.render(context.csrfToken)
                    ] + model.form.hiddenFields(carryingSendOptions: false) + [
                        el("h2", [.id("send-options-title"), .class("sheet-title")], [txt(l.t("wishes.sendOptions.title"))]),
                        el(
                            "fieldset", [.class(model.reachError == nil ? "field" : "field field-invalid")],
                            [
                                el("legend", [.class("field-hint")], [txt(l.t("wishes.sendOptions.hint"))]),
                                el(
                                    "div", [.class("reach-list")],
                                    model.recipients.enumerated().map { index, recipient in
                                        reachRow(recipient, index: index, canEmail: model.canEmail, l: l)
                                    }),
                                model.canEmail
                                    ? .empty : el("p", [.class("field-hint")], [txt(l.t("wishes.sendOptions.noEmail"))]),
                                model.reachError.map { el("p", [.class("field-error"), Attr("role", "alert")], [txt($0)]) } ?? .empty,
                            ]),
                        connectionsRow(model, l: l),
                        el(
                            "div", [.class("send-options-actions")],
                            [
                                el(
                                    "button",
                                    [
                                        .class("button button-secondary send-options-cancel"), Attr("type", "button"),
                                        .id("send-options-cancel"), Attr("hidden", ""),
                                    ], [txt(l.t("wishes.compose.cancel"))]),
                                el(
                                    "button", [.class("button button-primary"), Attr("type", "submit"), .id("send-options-confirm")],
                                    [txt(l.t("wishes.sendOptions.confirm"))]),
                            ]),
                    ])
            ])
    }

    /// One recipient: their address, whether Kinetic knows them, and how they get it.
    private static func reachRow(_ recipient: Recipient, index: Int, canEmail: Bool, l: Localizer) -> HTMLNode {
        let id = "reach-\(index)"
        let note = recipient.hasKineticAccount ? "wishes.sendOptions.hasAccount" : "wishes.sendOptions.noAccount"
        return el(
            "div", [.class("reach-row")],
            [
                el(
                    "label", [Attr("for", id), .class("reach-who")],
                    [
                        el("strong", [], [txt(recipient.who)]),
                        el(
                            "span", [.class("field-hint"), .id("\(id)-note")],
                            [txt((recipient.name == nil ? "" : recipient.address + " · ") + l.t(note))]),
                    ]),
                el(
                    "select",
                    [.id(id), Attr("name", "reaches[]"), .class("field-input select reach-select"), .aria("describedby", "\(id)-note")],
                    RecipientReach.allCases.map { reach in
                        el(
                            "option",
                            [
                                Attr("value", "\(reach.rawValue) \(recipient.address)"), .flag("selected", reach == recipient.reach),
                                .flag("disabled", reach.sendsEmail && !canEmail && reach != recipient.reach),
                            ].compactMap { $0 }, [txt(l.t(reach.nameKey))])
                    }),
            ])
    }

    /// Also posting on Connections: offered where the server posts there, usable once the
    /// sender's address is confirmed.
    private static func connectionsRow(_ model: Model, l: Localizer) -> HTMLNode {
        let choice = model.connections
        let available = choice.offered && choice.mayUse
        let why = !choice.offered ? "wishes.sendOptions.unavailable" : (choice.mayUse ? nil : "wishes.error.channels.unconfirmed")
        return el(
            "div", [.class(model.connectionsError == nil ? "field" : "field field-invalid")],
            [
                el(
                    "label", [.class(available ? "choice-row" : "choice-row choice-row-unavailable")],
                    [
                        voidEl(
                            "input",
                            [
                                Attr("type", "checkbox"), Attr("name", "connections"), Attr("value", "on"), .id("connections-box"),
                                .flag("checked", choice.chosen), .flag("disabled", !available && !choice.chosen),
                            ].compactMap { $0 }),
                        el(
                            "span", [.class("choice-text")],
                            [
                                el("strong", [], [txt(l.t("wishes.sendOptions.connections"))]),
                                why.map { el("span", [.class("field-hint")], [txt(l.t($0))]) } ?? .empty,
                            ]),
                    ]),
                model.connectionsError.map { el("p", [.class("field-error"), Attr("role", "alert")], [txt($0)]) } ?? .empty,
            ])
    }
}
