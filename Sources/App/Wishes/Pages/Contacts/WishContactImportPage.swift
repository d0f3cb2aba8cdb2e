import AddressBook
import Foundation
import KineticCore

/// Importing contacts: a vCard or CSV file chosen, then what Kinetic read from it — each person,
/// whether they are a contact already, each problem with its line — and Import to keep the new
/// ones. Nothing is stored before Import.
enum WishContactImportPage {
    /// What the file held, to confirm.
    struct Preview {
        let entries: [ContactImport.Entry]
        let known: Set<String>
        let problems: [ContactImport.Problem]
        /// The photos kept for the new contacts, by address.
        let photos: [String: UUID]
        /// The entries as the confirming form carries them (``WishContactImportLines``).
        let carried: String
    }

    struct Model {
        let preview: Preview?
        let error: String?
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        var content: [HTMLNode] = [banner(model.error, isError: true)]
        if let preview = model.preview {
            content += previewContent(preview, context: context)
        } else {
            content.append(uploadForm(context: context))
        }
        return Layout.render(
            .init(
                title: l.t("wishes.contacts.importTitle"), backLink: (SiteURL.wishes(.contacts).path, l.t("wishes.contacts.title")),
                stylesheet: WishesModule.stylesheet, scripts: ["js/shared/busy-forms.js"], bodyClass: "wishes-page contact-import-page"),
            context: context, content: content)
    }

    private static func uploadForm(context: PageContext) -> HTMLNode {
        let l = context.localizer
        return el(
            "form",
            [
                Attr("method", "post"), Attr("action", SiteURL.wishes(.importContacts).path), Attr("enctype", "multipart/form-data"),
                .class("card form contact-import-form"), .data("busy", l.t("wishes.contacts.importReading")),
            ],
            [
                CSRFField.render(context.csrfToken),
                el("p", [.class("form-note")], [txt(l.t("wishes.contacts.importIntro"))]),
                el(
                    "div", [.class("field")],
                    [
                        el("label", [Attr("for", "field-file"), .class("field-label")], [txt(l.t("wishes.contacts.importFile"))]),
                        voidEl(
                            "input",
                            [
                                .id("field-file"), Attr("name", "file"), Attr("type", "file"), .flag("required"), .class("field-input"),
                                Attr("accept", ".vcf,.vcard,.csv,.txt,text/vcard,text/x-vcard,text/csv,text/plain"),
                                .aria("describedby", "field-file-hint"),
                            ]),
                        el(
                            "p", [.id("field-file-hint"), .class("field-hint")],
                            [txt(l.t("wishes.contacts.importHint", l.byteCount(ContactFile.maximumBytes)))]),
                    ]),
                el(
                    "button", [Attr("type", "submit"), .class("button button-primary button-block"), .id("import-read")],
                    [txt(l.t("wishes.contacts.importRead"))]),
            ])
    }

    private static func previewContent(_ preview: Preview, context: PageContext) -> [HTMLNode] {
        let l = context.localizer
        let new = preview.entries.filter { !preview.known.contains($0.contact.email) }
        let summary =
            preview.entries.isEmpty
            ? l.t("wishes.contacts.importNothing")
            : [
                l.plural("wishes.contacts.importNew", count: new.count),
                preview.known.isEmpty ? nil : l.plural("wishes.contacts.importKnown", count: preview.entries.count - new.count),
            ].compactMap { $0 }.joined(separator: " ")
        let photoCount = preview.photos.count
        var nodes: [HTMLNode] = [
            el(
                "p", [.class("contact-import-summary"), Attr("role", "status"), .id("import-summary")],
                [txt(photoCount == 0 ? summary : summary + " " + l.plural("wishes.contacts.importPhotos", count: photoCount))])
        ]
        if !preview.problems.isEmpty {
            nodes.append(
                el(
                    "section", [.class("card contact-import-problems"), .aria("labelledby", "import-problems-title")],
                    [
                        el(
                            "h2", [.class("card-title"), .id("import-problems-title")],
                            [txt(l.plural("wishes.contacts.importProblems", count: preview.problems.count))]),
                        el(
                            "ul", [],
                            preview.problems.map { problem in
                                let message = l.t(problem.messageKey, arguments: problem.arguments)
                                return el(
                                    "li", [],
                                    [txt(problem.line.map { l.t("wishes.contacts.importLine", l.number($0), message) } ?? message)])
                            }),
                    ]))
        }
        if !preview.entries.isEmpty {
            nodes.append(
                el(
                    "ul", [.class("card contacts-list contact-import-list"), .aria("label", l.t("wishes.contacts.importFound"))],
                    preview.entries.map { entry in
                        let known = preview.known.contains(entry.contact.email)
                        return el(
                            "li", [.class(known ? "contact-import-known" : "")],
                            [
                                ContactAvatar.render(name: entry.contact.displayName, photo: preview.photos[entry.contact.email]),
                                el(
                                    "span", [.class("contact-import-text")],
                                    [
                                        el("strong", [], [txt(entry.contact.displayName)]),
                                        el("span", [], [txt(WishContactsPage.detail(entry.contact, l: l))]),
                                        known
                                            ? el("span", [.class("contact-import-tag")], [txt(l.t("wishes.contacts.importAlready"))])
                                            : .empty,
                                    ]),
                            ])
                    }))
        }
        nodes.append(
            el(
                "div", [.class("compose-actions")],
                [
                    el(
                        "a", [.class("button button-secondary"), Attr("href", SiteURL.wishes(.importContacts).path)],
                        [txt(l.t("wishes.contacts.importOther"))]),
                    new.isEmpty
                        ? .empty
                        : el(
                            "form",
                            [
                                Attr("method", "post"), Attr("action", SiteURL.wishes(.confirmImport).path),
                                .data("busy", l.t("wishes.contacts.importSaving")),
                            ],
                            [
                                CSRFField.render(context.csrfToken),
                                voidEl("input", [Attr("type", "hidden"), Attr("name", "entries"), Attr("value", preview.carried)]),
                                el(
                                    "button", [Attr("type", "submit"), .class("button button-primary"), .id("import-confirm")],
                                    [txt(l.plural("wishes.contacts.importConfirm", count: new.count))]),
                            ]),
                ]))
        return nodes
    }
}
