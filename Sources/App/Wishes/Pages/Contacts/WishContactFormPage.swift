import Foundation
import KineticCore

/// A contact, new or to change: name, address, birthday (day and month, the year if known),
/// their time zone and how they are reached; Save, and on a stored contact Delete (asked first).
enum WishContactFormPage {
    struct Model {
        let form: WishContactForm
        let errors: [String: String]
        /// The contact being changed; nil for a new one.
        let contactID: String?
        /// Their photo, from an imported address book.
        var photo: UUID? = nil
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let form = model.form
        let action = model.contactID.map { SiteURL.wishes(.contact(id: $0)).path } ?? SiteURL.wishes(.contacts).path
        var content: [HTMLNode] = [
            model.contactID == nil ? OutboxPanel.render(module: .wishes, l: l) : .empty,
            model.errors.isEmpty ? .empty : banner(l.t("wishes.compose.fix"), isError: true),
            el(
                "form",
                [Attr("method", "post"), Attr("action", action), .class("card form contact-form"), .id("contact-form")]
                    // A new contact may be added offline (it waits in the phone's outbox).
                    + (model.contactID == nil
                        ? OutboxPanel.queueable(template: l.t("wishes.contacts.queued"), fields: ["name|email"]) : []),
                [
                    CSRFField.render(context.csrfToken),
                    photoField(model, l: l),
                    textField(
                        "name", label: l.t("wishes.contacts.name"), value: form.name ?? "", error: model.errors["name"], required: false),
                    textField(
                        "email", label: l.t("wishes.contacts.email"), value: form.email ?? "", error: model.errors["email"], type: "email"),
                    otherEmailsField(form, error: model.errors["otherEmails"], l: l),
                    birthdayField(form, error: model.errors["birthday"], l: l),
                    select(
                        "timeZone", label: l.t("wishes.contacts.timeZone"), hint: l.t("wishes.contacts.timeZoneHint"),
                        options: [("", l.t("wishes.contacts.timeZoneNone"))]
                            + UserTimeZone.choices.map { ($0, $0.replacingOccurrences(of: "_", with: " ")) },
                        selected: form.timeZone ?? "", error: model.errors["timeZone"]),
                    select(
                        "reach", label: l.t("wishes.contacts.reach"), hint: l.t("wishes.contacts.reachHint"),
                        options: [("", l.t("wishes.contacts.reachAutomatic"))]
                            + RecipientReach.allCases.map { ($0.rawValue, l.t($0.nameKey)) },
                        selected: form.reach ?? "", error: model.errors["reach"]),
                    el(
                        "button", [Attr("type", "submit"), .class("button button-primary button-block"), .id("contact-save")],
                        [txt(l.t("wishes.contacts.save"))]),
                ]),
        ]
        if let id = model.contactID {
            content.append(
                el(
                    "form",
                    [
                        Attr("method", "post"), Attr("action", SiteURL.wishes(.deleteContact(id: id)).path), .class("contact-delete"),
                        .data(
                            "confirm",
                            l.t("wishes.contacts.deleteQuestion", form.name.flatMap { $0.isEmpty ? nil : $0 } ?? form.email ?? "")),
                    ],
                    [
                        CSRFField.render(context.csrfToken),
                        el(
                            "button", [Attr("type", "submit"), .class("button button-destructive button-block"), .id("contact-delete")],
                            [icon(.trash), txt(l.t("wishes.contacts.delete"))]),
                    ]))
        }
        let title = model.contactID == nil ? l.t("wishes.contacts.newTitle") : l.t("wishes.contacts.editTitle")
        return Layout.render(
            .init(
                title: title, backLink: (SiteURL.wishes(.contacts).path, l.t("wishes.contacts.title")), stylesheet: WishesModule.stylesheet,
                scripts: ["js/shared/confirm-forms.js"], bodyClass: "wishes-page contact-page"),
            context: context, content: content)
    }

    /// Their photo, with a box to take it away; nothing for a contact without one.
    private static func photoField(_ model: Model, l: Localizer) -> HTMLNode {
        guard let photo = model.photo else { return .empty }
        let name = model.form.name.flatMap { $0.isEmpty ? nil : $0 } ?? model.form.email ?? ""
        return el(
            "div", [.class("field contact-form-photo")],
            [
                ContactAvatar.render(name: name, photo: photo),
                el(
                    "label", [.class("compose-yearly-toggle")],
                    [
                        voidEl(
                            "input",
                            [
                                Attr("type", "checkbox"), Attr("name", "removePhoto"), Attr("value", "1"), .id("field-removePhoto"),
                                .flag("checked", model.form.removePhoto != nil),
                            ]),
                        txt(l.t("wishes.contacts.removePhoto")),
                    ]),
            ])
    }

    private static func birthdayField(_ form: WishContactForm, error: String?, l: Localizer) -> HTMLNode {
        let days = [("", l.t("wishes.contacts.day"))] + (1...31).map { (String($0), l.number($0)) }
        let months = [("", l.t("wishes.contacts.month"))] + l.monthNames.enumerated().map { (String($0.offset + 1), $0.element) }
        let described = ["field-birthday-hint", error == nil ? nil : "field-birthday-error"].compactMap { $0 }.joined(separator: " ")
        let choice = { (name: String, label: String, options: [(String, String)], value: String) -> HTMLNode in
            el(
                "label", [.class("contact-birthday-part")],
                [
                    el("span", [.class("visually-hidden")], [txt(label)]),
                    el(
                        "select", [Attr("name", name), .class("field-input select"), .aria("describedby", described)],
                        options.map { option in
                            el("option", [Attr("value", option.0), .flag("selected", option.0 == value)], [txt(option.1)])
                        }),
                ])
        }
        return el(
            "fieldset", [.class(error == nil ? "field contact-birthday" : "field contact-birthday field-invalid")],
            [
                el("legend", [.class("field-label")], [txt(l.t("wishes.contacts.birthday"))]),
                el(
                    "div", [.class("contact-birthday-parts")],
                    [
                        choice("birthdayDay", l.t("wishes.contacts.day"), days, form.birthdayDay ?? ""),
                        choice("birthdayMonth", l.t("wishes.contacts.month"), months, form.birthdayMonth ?? ""),
                        el(
                            "label", [.class("contact-birthday-part contact-birthday-year")],
                            [
                                el("span", [.class("visually-hidden")], [txt(l.t("wishes.contacts.year"))]),
                                voidEl(
                                    "input",
                                    [
                                        Attr("name", "birthdayYear"), Attr("value", form.birthdayYear ?? ""), Attr("inputmode", "numeric"),
                                        Attr("maxlength", "4"), Attr("placeholder", l.t("wishes.contacts.year")), .class("field-input"),
                                        Attr("autocomplete", "off"), .aria("describedby", described),
                                    ]),
                            ]),
                    ]),
                el("p", [.id("field-birthday-hint"), .class("field-hint")], [txt(l.t("wishes.contacts.birthdayHint"))]),
                error.map { el("p", [.id("field-birthday-error"), .class("field-error")], [txt($0)]) } ?? .empty,
            ])
    }

    /// Their other addresses, one per line: kept and found, while wishes go to the main one.
    private static func otherEmailsField(_ form: WishContactForm, error: String?, l: Localizer) -> HTMLNode {
        let id = "field-otherEmails"
        return el(
            "div", [.class(error == nil ? "field" : "field field-invalid")],
            [
                el("label", [Attr("for", id), .class("field-label")], [txt(l.t("wishes.contacts.otherEmails"))]),
                el(
                    "textarea",
                    [
                        .id(id), Attr("name", "otherEmails"), .class("field-input contact-other-emails"), Attr("rows", "2"),
                        Attr("autocomplete", "off"), Attr("spellcheck", "false"), Attr("inputmode", "email"),
                        .aria("describedby", [id + "-hint", error == nil ? nil : id + "-error"].compactMap { $0 }.joined(separator: " ")),
                    ], [txt(form.otherEmails ?? "")]),
                el("p", [.id(id + "-hint"), .class("field-hint")], [txt(l.t("wishes.contacts.otherEmailsHint"))]),
                error.map { el("p", [.id(id + "-error"), .class("field-error")], [txt($0)]) } ?? .empty,
            ])
    }

    private static func textField(
        _ name: String, label: String, value: String, error: String?, type: String = "text", required: Bool = true
    ) -> HTMLNode {
        FormField.render(
            .init(
                name: name, label: label, type: type, value: value, autocomplete: "off", error: error, required: required))
    }

    private static func select(
        _ name: String, label: String, hint: String, options: [(String, String)], selected: String, error: String?
    ) -> HTMLNode {
        let id = "field-" + name
        return el(
            "div", [.class(error == nil ? "field" : "field field-invalid")],
            [
                el("label", [Attr("for", id), .class("field-label")], [txt(label)]),
                el(
                    "select",
                    [
                        .id(id), Attr("name", name), .class("field-input select"),
                        .aria("describedby", [id + "-hint", error == nil ? nil : id + "-error"].compactMap { $0 }.joined(separator: " ")),
                    ],
                    options.map { option in
                        el("option", [Attr("value", option.0), .flag("selected", option.0 == selected)], [txt(option.1)])
                    }),
                el("p", [.id(id + "-hint"), .class("field-hint")], [txt(hint)]),
                error.map { el("p", [.id(id + "-error"), .class("field-error")], [txt($0)]) } ?? .empty,
            ])
    }
}
