import KineticCore

/// The preview (seed 07_9) and Send Options (07_10): the wish as its recipients will see it, when
/// it goes and to whom; Edit goes back to the form, Submit opens Send Options — e-mail,
/// Connections and in-app, at least one, those this server has not set up shown as unavailable —
/// and Confirm schedules it. Without the script Send Options is a card under the preview.
enum WishPreviewPage {
    struct Channel: Equatable {
        let id: String
        let name: String
        let available: Bool
        let checked: Bool
    }

    struct Model {
        let form: WishComposeForm
        let editingID: String?
        let occasion: Occasion
        let subject: String
        let message: String
        let photoURL: String?
        let recipients: String
        let when: String
        /// Said when the chosen time was moved (a daylight-saving gap) or is ambiguous.
        let whenNote: String?
        let channels: [Channel]
        let channelError: String?
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let action = model.editingID.map { SiteURL.wishes(.edit(id: $0)).path } ?? SiteURL.wishes(.list).path
        let submit = el(
            "a", [.class("top-bar-text-button"), Attr("href", "#send-options"), .id("preview-submit")], [txt(l.t("wishes.preview.submit"))])
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
                                [el("dt", [], [txt(l.t("wishes.message.to"))]), el("dd", [], [txt(model.recipients)])]),
                            el(
                                "div", [.class("detail-row")],
                                [el("dt", [], [txt(l.t("wishes.message.sendsAt"))]), el("dd", [], [txt(model.when)])]),
                        ]),
                    model.whenNote.map { el("p", [.class("field-hint preview-note")], [txt($0)]) } ?? .empty,
                ]),
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
                model.channelError == nil ? nil : .data("show", "true"),
            ].compactMap { $0 },
            [
                el(
                    "form", [Attr("method", "post"), Attr("action", action), .class("send-options-form")],
                    [
                        CSRFField.render(context.csrfToken)
                    ] + model.form.hiddenFields(carryingChannels: false) + [
                        el("h2", [.id("send-options-title"), .class("sheet-title")], [txt(l.t("wishes.sendOptions.title"))]),
                        el(
                            "fieldset", [.class(model.channelError == nil ? "field" : "field field-invalid")],
                            [
                                el("legend", [.class("field-hint")], [txt(l.t("wishes.sendOptions.hint"))]),
                                el(
                                    "div", [.class("choice-list")],
                                    model.channels.map { channel in
                                        el(
                                            "label", [.class(channel.available ? "choice-row" : "choice-row choice-row-unavailable")],
                                            [
                                                voidEl(
                                                    "input",
                                                    [
                                                        Attr("type", "checkbox"), Attr("name", "channels[]"), Attr("value", channel.id),
                                                        .class("channel-box"),
                                                        .flag("checked", channel.checked && channel.available),
                                                        .flag("disabled", !channel.available),
                                                    ].compactMap { $0 }),
                                                el(
                                                    "span", [.class("choice-text")],
                                                    [
                                                        el("strong", [], [txt(channel.name)]),
                                                        channel.available
                                                            ? .empty
                                                            : el(
                                                                "span", [.class("field-hint")], [txt(l.t("wishes.sendOptions.unavailable"))]
                                                            ),
                                                    ]),
                                            ])
                                    }),
                                model.channelError.map { el("p", [.class("field-error"), Attr("role", "alert")], [txt($0)]) } ?? .empty,
                            ]),
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
}
