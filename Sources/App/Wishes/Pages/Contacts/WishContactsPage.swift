import Foundation
import KineticCore

/// The address book: the sender's contacts by name, searched, each leading to its page; Add
/// and Import above them.
enum WishContactsPage {
    struct Model {
        /// Each contact with its id and photo.
        let rows: [(contact: Contact, id: String, photo: UUID?)]
        let search: String
        let notice: String?
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let add = el(
            "a", [.class("top-bar-text-button"), Attr("href", SiteURL.wishes(.newContact).path), .id("add-contact")],
            [txt(l.t("wishes.contacts.add"))])
        var content: [HTMLNode] = [
            banner(model.notice, isError: false),
            OutboxPanel.render(module: .wishes, l: l),
            el(
                "div", [.class("contacts-actions")],
                [
                    el(
                        "a",
                        [.class("button button-secondary"), Attr("href", SiteURL.wishes(.importContacts).path), .id("import-contacts")],
                        [icon(.download), txt(l.t("wishes.contacts.import"))])
                ]),
        ]
        if model.rows.isEmpty && model.search.isEmpty {
            content.append(
                EmptyState.render(
                    icon: .people, title: l.t("wishes.contacts.empty.title"), message: l.t("wishes.contacts.empty.message")))
        } else {
            content.append(searchForm(model.search, l: l))
            content.append(
                model.rows.isEmpty
                    ? el("p", [.class("contacts-none"), Attr("role", "status")], [txt(l.t("wishes.contacts.noMatch", model.search))])
                    : el(
                        "ul", [.class("card contacts-list"), .aria("label", l.t("wishes.contacts.title"))],
                        model.rows.map { row in
                            el(
                                "li", [],
                                [
                                    ListRow.render(
                                        href: SiteURL.wishes(.contact(id: row.id)).path, title: row.contact.displayName,
                                        detail: detail(row.contact, l: l),
                                        leading: ContactAvatar.render(name: row.contact.displayName, photo: row.photo))
                                ])
                        }))
        }
        return Layout.render(
            .init(
                title: l.t("wishes.contacts.title"), topBarAction: add, backLink: (SiteURL.module(.wishes).path, l.t("nav.wishes")),
                stylesheet: WishesModule.stylesheet, bodyClass: "wishes-page contacts-page"),
            context: context, content: content)
    }

    /// What a row says under the name: the address (when there is a name), the birthday, the zone.
    static func detail(_ contact: Contact, l: Localizer) -> String {
        [
            contact.name.isEmpty ? nil : contact.email,
            contact.otherEmails.isEmpty ? nil : l.t("wishes.contacts.alsoAt", l.listJoined(contact.otherEmails)),
            contact.birthday.map { l.t("wishes.contacts.birthdayOn", l.birthday($0)) },
            contact.timeZone.map { l.timeZoneName($0) },
        ].compactMap { $0 }.joined(separator: " · ")
    }

    private static func searchForm(_ search: String, l: Localizer) -> HTMLNode {
        el(
            "form",
            [Attr("method", "get"), Attr("action", SiteURL.wishes(.contacts).path), Attr("role", "search"), .class("contacts-search")],
            [
                el("label", [Attr("for", "contacts-q"), .class("visually-hidden")], [txt(l.t("wishes.contacts.search"))]),
                voidEl(
                    "input",
                    [
                        .id("contacts-q"), Attr("type", "search"), Attr("name", "q"), Attr("value", search), .class("field-input"),
                        Attr("placeholder", l.t("wishes.contacts.search")), Attr("autocomplete", "off"),
                    ]),
                el(
                    "button", [Attr("type", "submit"), .class("button button-secondary")],
                    [icon(.search, label: l.t("wishes.contacts.searchButton"))]),
            ])
    }
}
