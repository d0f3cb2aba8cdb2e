/// What the service worker shows offline for a page this device has not kept: the pages opened
/// before still open, and this one opens once the network is back.
enum OfflinePage {
    /// The page in `localizer`'s language. It is kept on the device for whoever signs in next, so
    /// it is rendered for no one: no account, no form token.
    static func render(localizer: Localizer, assets: AssetCatalog) -> String {
        let context = PageContext(localizer: localizer, user: nil, csrfToken: "", currentPath: SiteURL.offline.path, assets: assets)
        let l = context.localizer
        return Layout.render(
            .init(title: l.t("offline.title")), context: context,
            content: [
                el(
                    "section", [.class("empty-state offline-state")],
                    [
                        el("span", [.class("empty-state-icon")], [icon(.offline)]),
                        el("h2", [], [txt(l.t("offline.title"))]),
                        el("p", [], [txt(l.t("offline.message"))]),
                        // The page is answered at the address asked for: opening it again tries the network.
                        el("a", [.class("button button-primary"), Attr("href", "")], [txt(l.t("offline.retry"))]),
                        // An installed app has no back button: the way to the pages kept here.
                        el(
                            "p", [.class("offline-ways")],
                            [
                                el("a", [Attr("href", SiteURL.module(.goals).path)], [txt(l.t("offline.goals"))]),
                                el("a", [Attr("href", SiteURL.profile.path)], [txt(l.t("offline.home"))]),
                            ]),
                    ])
            ])
    }
}
