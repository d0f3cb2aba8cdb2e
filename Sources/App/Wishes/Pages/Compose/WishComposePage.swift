import KineticCore

/// New and edit (seed 07_1–07_8): the occasion (Birthday first; choosing one fills its default
/// subject while the sender has not written their own), the subject, a stock text of the
/// occasion or their own words (a chosen text goes into the box, to edit), one photo — a card of
/// the occasion or their own — the recipients, and the send date and time on their clock. Next
/// (in the top bar and at the end) is enabled once everything required is filled; Cancel asks
/// first when something changed. The script does the filling, filtering and enabling; without it
/// the server does the same checks on Next.
enum WishComposePage {
    struct Model {
        let form: WishComposeForm
        let errors: [String: String]
        /// The wish being edited; nil for a new one.
        let editingID: String?
        /// The zone the form's time is in.
        let timeZone: String
        let cancelHref: String
        let contacts: [ContactChoice]
        /// The first name the stock texts greet, when the wish goes to one contact with a name.
        let greetedName: String?
        let when: When
        /// Photos the sender uploaded before (newest first), to pick again.
        let uploads: [String]
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let selected = model.form.occasion.flatMap(Occasion.init(rawValue:)) ?? .default
        let next = el(
            "button", [.class("top-bar-text-button compose-next"), Attr("type", "submit"), Attr("form", "compose-form")],
            [txt(l.t("wishes.compose.next"))])
        let content: [HTMLNode] = [
            OutboxPanel.render(module: .wishes, l: l),
            model.errors.isEmpty ? .empty : banner(l.t("wishes.compose.fix"), isError: true),
            el(
                "form",
                OutboxPanel.queueable(template: l.t("wishes.compose.queued"), fields: ["recipients", "subject"]) + [
                    Attr("method", "post"), Attr("action", SiteURL.wishes(.preview).path), Attr("enctype", "multipart/form-data"),
                    .id("compose-form"), .class("compose-form"),
                    .data("cancel-question", l.t("wishes.compose.cancelQuestion")), .data("cancel-action", l.t("wishes.compose.discard")),
                    .data("subjects", Occasion.allCases.map { "\($0.rawValue)=\(l.t($0.defaultSubjectKey))" }.joined(separator: "\n")),
                    .data("replace-question", l.t("wishes.compose.replaceQuestion")),
                    .data("replace-action", l.t("wishes.compose.replace")),
                    .data("replaced", l.t("wishes.compose.replaced")), .data("undo", l.t("wishes.compose.undo")),
                    .data("zone-city", l.t("time.zone.city")), .data("time-label", l.time(QuickSendTime.morning)),
                    .data("quick-set", l.t("wishes.compose.quickSet")),
                ],
                [
                    CSRFField.render(context.csrfToken),
                    voidEl("input", [Attr("type", "hidden"), Attr("name", "from"), Attr("value", model.form.from ?? "")]),
                    voidEl("input", [Attr("type", "hidden"), Attr("name", "timeZone"), Attr("value", model.timeZone)]),
                ]
                    + model.form.sendOptionFields()
                    + [
                        model.editingID.map { voidEl("input", [Attr("type", "hidden"), Attr("name", "editing"), Attr("value", $0)]) }
                            ?? .empty,
                        occasionField(selected, error: model.errors["occasion"], l: l),
                        el(
                            "section", [.class("card compose-card")],
                            [
                                textField(
                                    "subject", label: l.t("wishes.compose.subject"), value: model.form.subject ?? "",
                                    error: model.errors["subject"], maxLength: WishDraft.maximumSubjectLength),
                                stockTexts(selected, chosen: model.form.stockText, greeting: model.greetedName, l: l),
                                messageField(model.form.message ?? "", error: model.errors["message"], l: l),
                            ]),
                        photoField(selected, chosen: model.form.photo ?? "", uploads: model.uploads, error: model.errors["photo"], l: l),
                        el(
                            "section", [.class("card compose-card")],
                            [
                                textField(
                                    "recipients", label: l.t("wishes.compose.recipients"), value: model.form.recipients ?? "",
                                    error: model.errors["recipients"],
                                    hint: l.t("wishes.compose.recipientsHint"), type: "text", inputMode: "email", autocomplete: "email"),
                                contactPicker(
                                    model.contacts,
                                    chosen: Set(WishDraft.recipientList(model.form.recipients ?? "").map { $0.lowercased() }), l: l),
                                el(
                                    "fieldset",
                                    [
                                        .class(model.errors["sendAt"] == nil ? "field compose-when" : "field compose-when field-invalid"),
                                        model.errors["sendAt"] == nil ? nil : .aria("describedby", "send-at-error"),
                                    ].compactMap { $0 },
                                    [
                                        el("legend", [.class("field-label")], [txt(l.t("wishes.compose.when"))]),
                                        el(
                                            "div", [.class("compose-when-inputs")],
                                            [
                                                el(
                                                    "label", [.class("visually-hidden"), Attr("for", "field-sendDate")],
                                                    [txt(l.t("wishes.compose.date"))]),
                                                voidEl(
                                                    "input",
                                                    [
                                                        .id("field-sendDate"), Attr("name", "sendDate"), Attr("type", "date"),
                                                        Attr("value", model.form.sendDate ?? ""), .class("field-input"), .flag("required"),
                                                    ].compactMap { $0 }),
                                                el(
                                                    "label", [.class("visually-hidden"), Attr("for", "field-sendTime")],
                                                    [txt(l.t("wishes.compose.time"))]),
                                                voidEl(
                                                    "input",
                                                    [
                                                        .id("field-sendTime"), Attr("name", "sendTime"), Attr("type", "time"),
                                                        Attr("value", model.form.sendTime ?? ""), .class("field-input"), .flag("required"),
                                                    ].compactMap { $0 }),
                                            ]),
                                        quickChoices(model.when, l: l),
                                        el(
                                            "p",
                                            [
                                                .class("field-hint compose-quick-status"), .id("compose-quick-status"),
                                                Attr("aria-live", "polite"),
                                            ], []),
                                        el(
                                            "p",
                                            [.class("field-hint"), .id("compose-zone"), .data("template", l.t("wishes.compose.timeZone"))],
                                            [txt(l.t("wishes.compose.timeZone", l.timeZoneName(model.timeZone)))]),
                                        el(
                                            "div",
                                            [
                                                .class("compose-device-zone"), .id("compose-device-zone"), .flag("hidden"),
                                                .data("template", l.t("wishes.compose.deviceZone")),
                                                .data("use", l.t("wishes.compose.useDeviceZone")),
                                                .data("zone-name", l.timeZoneName(model.timeZone)),
                                            ],
                                            [
                                                el("p", [], []),
                                                el("button", [Attr("type", "button"), .class("button button-secondary button-small")], []),
                                            ]),
                                        model.errors["sendAt"].map { el("p", [.id("send-at-error"), .class("field-error")], [txt($0)]) }
                                            ?? .empty,
                                    ]),
                                model.editingID == nil
                                    ? repeatField(
                                        model.form,
                                        anchored: model.form.anchoredContact.flatMap { address in
                                            model.contacts.first { $0.email == address.lowercased() }
                                        }, senderZone: model.when.senderZone,
                                        error: model.errors["onBirthdayOf"] ?? model.errors["onBirthdayOf.zone"] ?? model.errors[
                                            "repeatsYearly"]
                                            ?? model.errors["remindDaysBefore"], l: l)
                                    : .empty,
                            ]),
                        el(
                            "div", [.class("compose-actions")],
                            [
                                el(
                                    "a", [.class("button button-secondary"), Attr("href", model.cancelHref), .id("compose-cancel")],
                                    [txt(l.t("wishes.compose.cancel"))]),
                                el(
                                    "button", [.class("button button-primary compose-next"), Attr("type", "submit"), .id("compose-next")],
                                    [txt(l.t("wishes.compose.next"))]),
                            ]),
                    ]),
        ]
        let title = model.editingID == nil ? l.t("wishes.compose.title") : l.t("wishes.compose.editTitle")
        return Layout.render(
            .init(
                title: title, topBarAction: next, backLink: (model.cancelHref, l.t("wishes.compose.cancel")),
                stylesheet: WishesModule.stylesheet, scripts: ["js/wishes/compose.js"], bodyClass: "wishes-page compose-page"),
            context: context, content: content
        )
    }

    private static func occasionField(_ selected: Occasion, error: String?, l: Localizer) -> HTMLNode {
        el(
            "fieldset", [.class("card compose-card compose-occasions")],
            [
                el("legend", [.class("card-title")], [txt(l.t("wishes.compose.occasion"))]),
                el(
                    "div", [.class("occasion-choices")],
                    Occasion.allCases.map { occasion in
                        el(
                            "label", [.class("occasion-choice occasion-\(occasion.rawValue)")],
                            [
                                voidEl(
                                    "input",
                                    [
                                        Attr("type", "radio"), Attr("name", "occasion"), Attr("value", occasion.rawValue),
                                        .flag("checked", occasion == selected), .flag("required"),
                                    ].compactMap { $0 }),
                                el("span", [.class("occasion-choice-icon")], [icon(WishesChrome.occasionIcon(occasion))]),
                                el("span", [.class("occasion-choice-name")], [txt(l.t(occasion.nameKey))]),
                            ])
                    }),
                error.map { el("p", [.class("field-error")], [txt($0)]) } ?? .empty,
            ])
    }

    /// The stock texts of every occasion (those of the others hidden), greeting `name` when known;
    /// each carries its words without a name and its named form, for the script to follow To.
    private static func stockTexts(_ selected: Occasion, chosen: String?, greeting name: String?, l: Localizer) -> HTMLNode {
        el(
            "fieldset", [.class("field stock-texts")],
            [
                el("legend", [.class("field-label")], [txt(l.t("wishes.compose.stockTexts"))]),
                el("p", [.class("field-hint")], [txt(l.t("wishes.compose.stockTextsHint"))]),
                el(
                    "div", [.class("stock-text-list")],
                    Occasion.allCases.flatMap { occasion in
                        occasion.stockTextKeys.map { key in
                            el(
                                "label",
                                [
                                    .class("stock-text"), .data("occasion", occasion.rawValue), .data("plain", l.t(key)),
                                    .data("named", l.t(WishStock.namedTextKey(key))), .flag("hidden", occasion != selected),
                                ]
                                .compactMap { $0 },
                                [
                                    voidEl(
                                        "input",
                                        [
                                            Attr("type", "radio"), Attr("name", "stockText"), Attr("value", key),
                                            .flag("checked", chosen == key),
                                        ].compactMap { $0 }),
                                    el("span", [], [txt(name.map { l.t(WishStock.namedTextKey(key), $0) } ?? l.t(key))]),
                                ])
                        }
                    }),
            ])
    }

    private static func messageField(_ value: String, error: String?, l: Localizer) -> HTMLNode {
        el(
            "div", [.class(error == nil ? "field" : "field field-invalid")],
            [
                el("label", [Attr("for", "field-message"), .class("field-label")], [txt(l.t("wishes.compose.message"))]),
                el(
                    "textarea",
                    [
                        .id("field-message"), Attr("name", "message"), .class("field-input compose-message"), Attr("rows", "6"),
                        Attr("maxlength", String(WishDraft.maximumMessageLength)),
                        Attr("placeholder", l.t("wishes.compose.messagePlaceholder")),
                        error == nil ? nil : .aria("invalid", "true"), error == nil ? nil : .aria("describedby", "field-message-error"),
                    ].compactMap { $0 }, [txt(value)]),
                error.map { el("p", [.id("field-message-error"), .class("field-error")], [txt($0)]) } ?? .empty,
            ])
    }

    private static func photoField(_ selected: Occasion, chosen: String, uploads: [String], error: String?, l: Localizer) -> HTMLNode {
        let option = { (value: String, occasion: Occasion?, image: HTMLNode, label: String) -> HTMLNode in
            el(
                "label",
                [
                    .class("photo-choice"), occasion.map { .data("occasion", $0.rawValue) },
                    .flag("hidden", occasion.map { $0 != selected } ?? false),
                ].compactMap { $0 },
                [
                    voidEl(
                        "input",
                        [Attr("type", "radio"), Attr("name", "photo"), Attr("value", value), .flag("checked", chosen == value)].compactMap {
                            $0
                        }),
                    el("span", [.class("photo-choice-frame")], [image]),
                    el("span", [.class("visually-hidden")], [txt(label)]),
                ])
        }
        var choices = [
            option("", nil, el("span", [.class("photo-none")], [txt(l.t("wishes.compose.noPhoto"))]), l.t("wishes.compose.noPhoto"))
        ]
        for occasion in Occasion.allCases {
            for (index, id) in occasion.stockPhotoIDs.enumerated() {
                let photo = WishPhoto.stock(id)
                choices.append(
                    option(
                        photo.description, occasion,
                        voidEl("img", [Attr("src", WishDTO.url(of: photo, api: false)), Attr("alt", ""), Attr("loading", "lazy")]),
                        l.t("wishes.compose.card", l.t(occasion.nameKey), l.number(index + 1))))
            }
        }
        for (index, upload) in uploads.enumerated() {
            guard let photo = WishPhoto(upload) else { continue }
            choices.append(
                option(
                    upload, nil,
                    voidEl("img", [Attr("src", WishDTO.url(of: photo, api: false)), Attr("alt", ""), Attr("loading", "lazy")]),
                    l.t("wishes.compose.yourPhoto", l.number(index + 1))))
        }
        return el(
            "fieldset", [.class(error == nil ? "card compose-card compose-photos" : "card compose-card compose-photos field-invalid")],
            [
                el("legend", [.class("card-title")], [txt(l.t("wishes.compose.photo"))]),
                el("div", [.class("photo-choices")], choices),
                el(
                    "div", [.class("field photo-upload")],
                    [
                        el(
                            "label", [Attr("for", "field-photoFile"), .class("button button-secondary photo-upload-button")],
                            [icon(.plus), txt(l.t("wishes.compose.customPhoto"))]),
                        voidEl(
                            "input",
                            [
                                .id("field-photoFile"), Attr("name", "photoFile"), Attr("type", "file"),
                                Attr("accept", "image/jpeg,image/png,image/webp"), .class("photo-file"),
                            ]),
                        el("p", [.class("field-hint")], [txt(l.t("wishes.compose.customPhotoHint"))]),
                    ]),
                error.map { el("p", [.class("field-error")], [txt($0)]) } ?? .empty,
            ])
    }

    private static func textField(
        _ name: String, label: String, value: String, error: String?, hint: String? = nil, maxLength: Int? = nil,
        type: String = "text", inputMode: String? = nil, autocomplete: String? = "off"
    ) -> HTMLNode {
        let id = "field-" + name
        let described = [error == nil ? nil : id + "-error", hint == nil ? nil : id + "-hint"].compactMap { $0 }
        return el(
            "div", [.class(error == nil ? "field" : "field field-invalid")],
            [
                el("label", [Attr("for", id), .class("field-label")], [txt(label)]),
                voidEl(
                    "input",
                    [
                        .id(id), Attr("name", name), Attr("type", type), Attr("value", value), .class("field-input"), .flag("required"),
                        Attr("maxlength", maxLength.map(String.init)), Attr("inputmode", inputMode), Attr("autocomplete", autocomplete),
                        error == nil ? nil : .aria("invalid", "true"),
                        described.isEmpty ? nil : .aria("describedby", described.joined(separator: " ")),
                    ].compactMap { $0 }),
                hint.map { el("p", [.id(id + "-hint"), .class("field-hint")], [txt($0)]) } ?? .empty,
                error.map { el("p", [.id(id + "-error"), .class("field-error")], [txt($0)]) } ?? .empty,
            ])
    }
}
