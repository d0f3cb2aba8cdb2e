import KineticCore

/// The Settings page: links to the other settings, the language and the time zone.
enum SettingsPage {
    /// Which form was just saved.
    enum Saved: String {
        case language, timeZone
        /// The link that confirms the address went out again.
        case addressLink
    }

    /// The account's address and whether it is confirmed.
    struct Address {
        var email: String
        var confirmed: Bool
        /// A new address the account asked for, waiting for its link.
        var pending: String?
        /// Whether this server sends e-mail (else only an administrator confirms addresses).
        var mailAvailable: Bool
        var error: String?
    }

    struct Model {
        let language: AppLanguage?
        /// The user's time zone, or nil for the server's.
        var timeZone: String? = nil
        var serverTimeZone = "UTC"
        var saved: Saved? = nil
        var address: Address? = nil
        /// Bytes kept in songs and photos, and the quota.
        var storage: (used: Int, quota: Int)? = nil
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let choices: [AppLanguage?] = [nil] + AppLanguage.allCases.map(Optional.some)
        return Layout.render(
            .init(title: l.t("settings.title"), stylesheet: AccountModule.stylesheet), context: context,
            content: [
                banner(model.saved.map(\.message).map { l.t($0) }, isError: false),
                // An address that waits for its link comes first; a confirmed one below the links.
                model.address.map { $0.confirmed && $0.pending == nil ? .empty : addressCard($0, context: context) } ?? .empty,
                el(
                    "nav", [.class("card list-card"), .aria("label", l.t("settings.title"))],
                    [
                        ListRow.render(
                            href: SiteURL.fitnessSettings.path, title: l.t("fitness.title"), detail: l.t("settings.fitnessDetail")),
                        ListRow.render(href: SiteURL.stepSources.path, title: l.t("sources.title"), detail: l.t("steps.sourcesDetail")),
                        ListRow.render(
                            href: SiteURL.stepSync.path, title: l.t("steps.sync.title"), detail: l.t("steps.sync.settingsDetail")),
                        ListRow.render(href: SiteURL.parkLinks.path, title: l.t("parks.title"), detail: l.t("parks.settingsDetail")),
                        ListRow.render(
                            href: SiteURL.notificationSettings.path, title: l.t("notifications.title"),
                            detail: l.t("notifications.settingsDetail")),
                        ListRow.render(
                            href: SiteURL.settingsPassword.path, title: l.t("password.title"), detail: l.t("settings.passwordDetail")),
                        ListRow.render(href: SiteURL.settingsTokens.path, title: l.t("tokens.title"), detail: l.t("settings.tokensDetail")),
                    ]),
                model.address.map { $0.confirmed && $0.pending == nil ? addressCard($0, context: context) : .empty } ?? .empty,
                model.storage.map { storageCard(used: $0.used, quota: $0.quota, context: context) } ?? .empty,
                el(
                    "form", [Attr("method", "post"), Attr("action", SiteURL.settingsLanguage.path), .class("card form")],
                    [
                        CSRFField.render(context.csrfToken),
                        el(
                            "fieldset", [.class("choice-list")],
                            [
                                el("legend", [.class("card-title")], [txt(l.t("settings.language"))])
                            ]
                                + choices.map { language in
                                    let value = language?.rawValue ?? "auto"
                                    return el(
                                        "label", [.class("choice-row")],
                                        [
                                            voidEl(
                                                "input",
                                                [
                                                    Attr("type", "radio"), Attr("name", "language"), Attr("value", value),
                                                    .flag("checked", language == model.language),
                                                ]),
                                            el("span", [], [txt(l.languageName(language))]),
                                        ])
                                }),
                        el(
                            "button", [.class("button button-primary button-block"), Attr("type", "submit")],
                            [txt(l.t("settings.saveLanguage"))]),
                    ]),
                timeZoneForm(model, context: context),
                installCard(l),
                keptCard(l),
            ])
    }

    /// What this phone keeps for use without a network, and the button that removes it
    /// (js/shared/kept.js fills it in from the service worker's caches; hidden without one).
    static func keptCard(_ l: Localizer) -> HTMLNode {
        el(
            "section",
            [
                .class("card kept-card"), .aria("labelledby", "kept-title"), .data("kept-on-phone", ""), .flag("hidden"),
                .data("label-workouts", l.t("settings.kept.workouts", "%1$@", "%2$@")),
                .data("label-reports", l.t("settings.kept.reports", "%1$@")), .data("label-pages", l.t("settings.kept.pages", "%1$@")),
                .data("label-used", l.t("settings.kept.used", "%1$@")), .data("label-nothing", l.t("settings.kept.nothing")),
            ],
            [
                el("h2", [.class("card-title"), .id("kept-title")], [txt(l.t("settings.kept.title"))]),
                el("ul", [.class("kept-list"), Attr("tabindex", "-1"), .aria("live", "polite")]),
                el("p", [.class("form-note kept-used")]),
                el(
                    "button", [.class("button button-secondary button-block kept-remove"), Attr("type", "button")],
                    [txt(l.t("settings.kept.remove"))]),
            ])
    }

    /// How to put Kinetic on the home screen, where it opens as an app and keeps the pages seen
    /// for use without a network; with the browser's own Install button where it offers one
    /// (Chromium on Android and desktop; shown by js/shared/install.js when the browser allows).
    static func installCard(_ l: Localizer) -> HTMLNode {
        el(
            "section", [.class("card install-card"), .aria("labelledby", "install-title"), .data("install-app", "")],
            [
                el("h2", [.class("card-title"), .id("install-title")], [txt(l.t("settings.install.title"))]),
                el("p", [.class("form-note")], [txt(l.t("settings.install.why"))]),
                el("p", [.class("install-installed"), .flag("hidden")], [txt(l.t("settings.install.installed"))]),
                el(
                    "button", [.class("button button-primary button-block install-button"), Attr("type", "button"), .flag("hidden")],
                    [txt(l.t("settings.install.button"))]),
                el(
                    "dl", [.class("install-steps")],
                    [
                        el("dt", [], [txt(l.t("settings.install.iPhone"))]),
                        el("dd", [], [txt(l.t("settings.install.iPhoneSteps"))]),
                        el("dt", [], [txt(l.t("settings.install.android"))]),
                        el("dd", [], [txt(l.t("settings.install.androidSteps"))]),
                    ]),
            ])
    }

    /// The address, confirmed or not, with the button that sends its link again.
    static func addressCard(_ address: Address, context: PageContext) -> HTMLNode {
        let l = context.localizer
        let status = address.confirmed ? l.t("settings.address.confirmed") : l.t("settings.address.unconfirmed")
        var nodes: [HTMLNode] = [
            el("h2", [.class("card-title")], [txt(l.t("settings.address"))]),
            banner(address.error, isError: true),
            el(
                "p", [.class("address-line")],
                [
                    el("strong", [], [txt(address.email)]), txt(" "),
                    el("span", [.class(address.confirmed ? "status-pill status-ok" : "status-pill status-warning")], [txt(status)]),
                ]),
        ]
        if let pending = address.pending {
            nodes.append(el("p", [.class("form-note")], [txt(l.t("settings.address.pending", pending))]))
        } else if !address.confirmed {
            nodes.append(
                el(
                    "p", [.class("form-note")],
                    [txt(l.t(address.mailAvailable ? "settings.address.why" : "settings.address.askAdministrator"))]))
        }
        if address.mailAvailable, !address.confirmed || address.pending != nil {
            nodes.append(
                el(
                    "form", [Attr("method", "post"), Attr("action", SiteURL.settingsConfirmAddress.path)],
                    [
                        CSRFField.render(context.csrfToken),
                        el(
                            "button", [.class("button button-secondary button-block"), Attr("type", "submit")],
                            [txt(l.t("settings.address.sendAgain"))]),
                    ]))
        }
        return el("section", [.class("card form"), .aria("label", l.t("settings.address"))], nodes)
    }

    /// How much of the storage quota songs and photos use, as words and a meter.
    static func storageCard(used: Int, quota: Int, context: PageContext) -> HTMLNode {
        let l = context.localizer
        return el(
            "section", [.class("card form"), .aria("labelledby", "storage-title")],
            [
                el("h2", [.class("card-title"), .id("storage-title")], [txt(l.t("settings.storage"))]),
                el(
                    "meter",
                    [
                        .class("storage-meter"), Attr("min", "0"), Attr("max", String(max(quota, 1))),
                        Attr("value", String(min(used, quota))),
                        .aria("labelledby", "storage-title"), .aria("describedby", "storage-words"),
                    ], []),
                el(
                    "p", [.class("form-note"), .id("storage-words")],
                    [txt(l.t("settings.storage.used", l.byteCount(used), l.byteCount(quota)))]),
            ])
    }

    /// The time zone of "today" and "this month": the user's choice, else the browser's is
    /// preselected (by script) over the server's.
    static func timeZoneForm(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        let selected = model.timeZone ?? model.serverTimeZone
        return el(
            "form", [Attr("method", "post"), Attr("action", SiteURL.settingsTimeZone.path), .class("card form")],
            [
                CSRFField.render(context.csrfToken),
                el("label", [.class("card-title"), Attr("for", "field-timeZone")], [txt(l.t("settings.timeZone"))]),
                el("p", [.class("form-note"), .id("field-timeZone-hint")], [txt(l.t("settings.timeZoneHint"))]),
                el(
                    "select",
                    [
                        .id("field-timeZone"), Attr("name", "timeZone"), .class("field-input select"),
                        .aria("describedby", "field-timeZone-hint"),
                        model.timeZone == nil ? .data("browser-default", "") : nil,
                    ],
                    UserTimeZone.choices.map { zone in
                        el(
                            "option", [Attr("value", zone), .flag("selected", zone == selected)],
                            [txt(zone.replacingOccurrences(of: "_", with: " "))])
                    }),
                el("button", [.class("button button-primary button-block"), Attr("type", "submit")], [txt(l.t("settings.saveTimeZone"))]),
            ])
    }

    /// A page one level below Settings: its title, and a back link to Settings.
    static func subpage(title: String, context: PageContext, content: [HTMLNode]) -> String {
        Layout.render(
            .init(title: title, backLink: (SiteURL.settings.path, context.localizer.t("shell.back")), stylesheet: AccountModule.stylesheet),
            context: context, content: content)
    }
}

extension SettingsPage.Saved {
    /// The catalog key of the words that say it was saved.
    var message: String {
        switch self {
        case .language: "settings.languageSaved"
        case .timeZone: "settings.timeZoneSaved"
        case .addressLink: "settings.address.linkSent"
        }
    }
}
