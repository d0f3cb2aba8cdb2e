/// The side navigation menu that slides in from the left.
enum SideMenu {
    struct Item: Sendable {
        let icon: Icon
        let titleKey: String
        let url: SiteURL
        /// What the module is for, in one line (the welcome shows it).
        var summaryKey: String? = nil
        /// Offered as a shortcut of the installed app (a long press on its icon, in the manifest).
        var isShortcut = false
    }

    /// The modules' entries, in the order the menu and the welcome list them.
    static let modules: [Item] = KineticModules.all.compactMap { $0.menuItem }

    static let items: [Item] =
        modules + [
            Item(icon: .profile, titleKey: "nav.profile", url: .profile),
            Item(icon: .settings, titleKey: "nav.settings", url: .settings),
        ]

    static func render(context: PageContext) -> HTMLNode {
        let l = context.localizer
        let user = context.user
        let links = items.map { item -> HTMLNode in
            let current = context.currentPath == item.url.path || context.currentPath.hasPrefix(item.url.path + "/")
            return el(
                "li", [],
                [
                    el(
                        "a", [.class("side-menu-link"), Attr("href", item.url.path), current ? .aria("current", "page") : nil],
                        [
                            icon(item.icon), el("span", [], [txt(l.t(item.titleKey))]),
                        ])
                ])
        }
        return el(
            "div", [.class("side-menu-container")],
            [
                el("div", [.class("scrim"), .id("side-menu-scrim"), .aria("hidden", "true")]),
                el(
                    "nav", [.id("side-menu"), .class("side-menu"), .aria("label", l.t("shell.mainMenu"))],
                    [
                        el(
                            "div", [.class("side-menu-header")],
                            [
                                el("span", [.class("avatar"), .aria("hidden", "true")], [txt(initials(user?.name ?? ""))]),
                                el(
                                    "div", [.class("side-menu-identity")],
                                    [
                                        el("strong", [], [txt(user?.name ?? "")]),
                                        el("span", [], [txt(user?.email ?? "")]),
                                    ]),
                                el(
                                    "a",
                                    [
                                        .class("icon-button side-menu-close"), Attr("href", "#"), Attr("role", "button"),
                                        .aria("label", l.t("shell.closeMenu")),
                                    ], [icon(.close)]),
                            ]),
                        el("ul", [.class("side-menu-list")], links),
                        el(
                            "form",
                            [
                                Attr("method", "post"), Attr("action", SiteURL.logout.path), .class("side-menu-logout"),
                                // Signing out, the phone's notifications stop; offline it cannot be done, and
                                // changes made offline and not sent yet are asked about (js/shared/offline.js).
                                .data("push-forget", SiteURL.notificationDevicesRemoval.path),
                                .data("offline-message", l.t("signOut.offline")), .data("unsent-one", l.t("signOut.unsentOne")),
                                .data("unsent-many", l.t("signOut.unsentMany")), .data("unsent-action", l.t("signOut.anyway")),
                            ],
                            [
                                CSRFField.render(context.csrfToken),
                                el(
                                    "button", [.class("side-menu-link"), Attr("type", "submit")],
                                    [icon(.logout), el("span", [], [txt(l.t("nav.logout"))])]),
                            ]),
                    ]),
            ])
    }

    /// Up to two initials of a name, for the avatar.
    static func initials(_ name: String) -> String {
        name.split(separator: " ").prefix(2).compactMap(\.first).map { String($0).uppercased() }.joined()
    }
}
