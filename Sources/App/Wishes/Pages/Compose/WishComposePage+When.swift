import Foundation
import KineticCore

extension WishComposePage {
    /// A contact as the compose page offers it: to pick as a recipient, and for the quick
    /// choices that need their birthday or zone.
    struct ContactChoice {
        let email: String
        let name: String
        /// What stock texts greet them by.
        let firstName: String?
        /// The next day of their birthday whose 8:00 is ahead, in `birthdayZone`.
        let birthdayDate: String?
        /// Their zone, else the sender's: where the birthday's 8:00 is.
        let birthdayZone: String
        let zone: String?
        /// The next day whose 8:00 is ahead in their zone.
        let morningDate: String?
        /// Born on 29 February: where it goes in other years is theirs to choose.
        let isLeapDay: Bool

        init(_ contact: Contact, now: Date, senderZone: TimeZone) {
            let theirs = contact.timeZone.flatMap(TimeZone.init(identifier:))
            email = contact.email
            name = contact.displayName
            firstName = contact.firstName
            birthdayZone = (theirs ?? senderZone).identifier
            birthdayDate = contact.birthday.map { QuickSendTime.birthday($0, after: now, in: theirs ?? senderZone).description }
            zone = theirs?.identifier
            morningDate = theirs.map { QuickSendTime.next(after: now, in: $0).description }
            isLeapDay = contact.birthday.map { $0.month == 2 && $0.day == 29 } ?? false
        }
    }

    /// The send time's quick choices and what they need to know.
    struct When {
        /// The sender's own zone, which "Tomorrow" goes by.
        let senderZone: String
        /// Tomorrow in the sender's zone.
        let tomorrow: String
    }

    /// "Choose from contacts": a checkbox per contact that adds their address to the To field
    /// (the script keeps both in step; without it, the server adds the ticked ones).
    static func contactPicker(_ contacts: [ContactChoice], chosen: Set<String>, l: Localizer) -> HTMLNode {
        guard !contacts.isEmpty else {
            return el(
                "p", [.class("field-hint compose-contacts-none")],
                [
                    txt(l.t("wishes.compose.noContacts") + " "),
                    el("a", [Attr("href", SiteURL.wishes(.contacts).path)], [txt(l.t("wishes.contacts.title"))]),
                ])
        }
        return el(
            "details", [.class("compose-contacts"), .id("compose-contacts")],
            [
                el("summary", [], [icon(.people), txt(l.t("wishes.compose.fromContacts"))]),
                el(
                    "div", [.class("compose-contacts-body")],
                    [
                        el(
                            "label", [.class("visually-hidden"), Attr("for", "compose-contacts-filter")],
                            [txt(l.t("wishes.compose.filterContacts"))]),
                        voidEl(
                            "input",
                            [
                                .id("compose-contacts-filter"), Attr("type", "search"), .class("field-input"), .flag("hidden"),
                                Attr("placeholder", l.t("wishes.compose.filterContacts")), Attr("autocomplete", "off"),
                            ]),
                        el(
                            "ul", [.class("compose-contacts-list")],
                            contacts.map { contact in
                                el(
                                    "li", [],
                                    [
                                        el(
                                            "label",
                                            [
                                                .class("compose-contact"), .data("email", contact.email),
                                                contact.firstName.map { .data("first-name", $0) },
                                                contact.birthdayDate.map { .data("birthday", $0) },
                                                .data("birthday-zone", contact.birthdayZone),
                                                contact.zone.map { .data("zone", $0) },
                                                contact.zone.map { .data("zone-name", l.timeZoneName($0)) },
                                                contact.morningDate.map { .data("morning", $0) },
                                                contact.isLeapDay ? .data("leap", "true") : nil, .data("name", contact.name),
                                            ],
                                            [
                                                voidEl(
                                                    "input",
                                                    [
                                                        Attr("type", "checkbox"), Attr("name", "contacts[]"), Attr("value", contact.email),
                                                        .flag("checked", chosen.contains(contact.email)),
                                                    ]),
                                                el(
                                                    "span", [.class("compose-contact-text")],
                                                    [
                                                        el("strong", [], [txt(contact.name)]),
                                                        contact.name == contact.email ? .empty : el("span", [], [txt(contact.email)]),
                                                    ]),
                                            ])
                                    ])
                            }),
                    ]),
            ])
    }

    /// "Tomorrow 8:00", "On their birthday at 8:00", "At 8:00 their time": buttons the script
    /// gives life to (they set the date, time and zone fields, and say what they set).
    static func quickChoices(_ when: When, l: Localizer) -> HTMLNode {
        let morning = l.time(QuickSendTime.morning)
        let button = { (id: String, label: String, data: [Attr]) -> HTMLNode in
            el("button", [Attr("type", "button"), .class("compose-quick"), .id(id)] + data, [txt(label)])
        }
        return el(
            "div", [.class("compose-quick-choices"), .flag("hidden"), .id("compose-quick"), .aria("label", l.t("wishes.compose.quick"))],
            [
                button(
                    "quick-tomorrow", l.t("wishes.compose.quickTomorrow", morning),
                    [.data("date", when.tomorrow), .data("zone", when.senderZone), .data("zone-name", l.timeZoneName(when.senderZone))]),
                button(
                    "quick-birthday", l.t("wishes.compose.quickBirthday", morning),
                    [.data("missing", l.t("wishes.compose.quickNoBirthday"))]),
                button(
                    "quick-their-time", l.t("wishes.compose.quickTheirTime", morning), [.data("missing", l.t("wishes.compose.quickNoZone"))]
                ),
            ])
    }

    /// "Every year on this day": a new wish can repeat, with a reminder some days before each
    /// year's (the script shows the reminder's choice once it repeats). After "On their
    /// birthday" (`anchored`), it repeats on that contact's birthday, and one born on 29 February
    /// has the choice of where it goes in other years.
    static func repeatField(
        _ form: WishComposeForm, anchored: ContactChoice?, senderZone: String, error: String?, l: Localizer
    ) -> HTMLNode {
        let chosen = form.remindDaysBefore ?? "3"
        // Their clock or the sender's, when they have a zone of their own.
        let clocks: [(zone: String, label: String)] =
            anchored.flatMap { contact in contact.zone.map { ($0, contact) } }.map { zone, contact in
                zone == senderZone
                    ? []
                    : [
                        (zone, l.t("wishes.yearly.theirClock", l.timeZoneName(zone))),
                        (senderZone, l.t("wishes.yearly.yourClock", l.timeZoneName(senderZone))),
                    ]
            } ?? []
        let leapDay = form.leapDay.flatMap(YearlyRecurrence.LeapDay.init) ?? .february28
        return el(
            "fieldset", [.class(error == nil ? "field compose-yearly" : "field compose-yearly field-invalid"), .id("compose-yearly")],
            [
                el("legend", [.class("visually-hidden")], [txt(l.t("wishes.yearly.repeat"))]),
                voidEl(
                    "input",
                    [Attr("type", "hidden"), Attr("name", "birthdayOf"), .id("field-birthdayOf"), Attr("value", anchored?.email ?? "")]),
                el(
                    "label", [.class("compose-yearly-toggle")],
                    [
                        voidEl(
                            "input",
                            [
                                Attr("type", "checkbox"), Attr("name", "repeatsYearly"), Attr("value", "on"), .id("field-repeatsYearly"),
                                .flag("checked", form.repeatsYearly == "on"),
                            ]),
                        el(
                            "span",
                            [
                                .id("compose-yearly-label"), .data("plain", l.t("wishes.yearly.repeat")),
                                .data("birthday", l.t("wishes.yearly.onBirthday")),
                            ],
                            [txt(anchored.map { l.t("wishes.yearly.onBirthday", $0.name) } ?? l.t("wishes.yearly.repeat"))]),
                    ]),
                el(
                    "div", [.class("compose-yearly-reminder"), .id("compose-yearly-reminder")],
                    [
                        el(
                            "div",
                            [
                                .class("compose-yearly-zone"), .id("compose-yearly-zone"), .flag("hidden", clocks.isEmpty),
                                .data("theirs", l.t("wishes.yearly.theirClock")), .data("yours", l.t("wishes.yearly.yourClock")),
                            ],
                            [
                                el("label", [Attr("for", "field-yearlyZone"), .class("field-label")], [txt(l.t("wishes.yearly.clock"))]),
                                el(
                                    "select", [.id("field-yearlyZone"), .class("field-input select")],
                                    clocks.map { clock in
                                        el(
                                            "option", [Attr("value", clock.zone), .flag("selected", clock.zone == form.timeZone)],
                                            [txt(clock.label)])
                                    }),
                            ]),
                        el(
                            "div",
                            [.class("compose-yearly-leap"), .id("compose-yearly-leap"), .flag("hidden", anchored?.isLeapDay != true)],
                            [
                                el("label", [Attr("for", "field-leapDay"), .class("field-label")], [txt(l.t("wishes.yearly.leapDay"))]),
                                el(
                                    "select", [.id("field-leapDay"), Attr("name", "leapDay"), .class("field-input select")],
                                    YearlyRecurrence.LeapDay.allCases.map { rule in
                                        el(
                                            "option", [Attr("value", rule.rawValue), .flag("selected", rule == leapDay)],
                                            [txt(l.t(rule.nameKey))])
                                    }),
                            ]),
                        el("label", [Attr("for", "field-remindDaysBefore"), .class("field-label")], [txt(l.t("wishes.yearly.reminder"))]),
                        el(
                            "select", [.id("field-remindDaysBefore"), Attr("name", "remindDaysBefore"), .class("field-input select")],
                            ([("0", l.t("wishes.yearly.noReminder"))]
                                + [1, 3, 7, 14].map { (String($0), l.plural("wishes.yearly.daysBefore", count: $0)) })
                                .map { value, label in
                                    el("option", [Attr("value", value), .flag("selected", value == chosen)], [txt(label)])
                                }),
                        el("p", [.class("field-hint")], [txt(l.t("wishes.yearly.hint"))]),
                    ]),
                error.map { el("p", [.class("field-error")], [txt($0)]) } ?? .empty,
            ])
    }
}

extension YearlyRecurrence.LeapDay {
    /// The String Catalog key of "On February 28" and "On March 1".
    var nameKey: String {
        switch self {
        case .february28: "wishes.yearly.leapDay.february28"
        case .march1: "wishes.yearly.leapDay.march1"
        }
    }
}
