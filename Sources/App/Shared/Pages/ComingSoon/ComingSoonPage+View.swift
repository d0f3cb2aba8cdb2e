/// The honest placeholder of a module that is not built yet.
enum ComingSoonPage {
    static func render(module: SiteURL.Module, context: PageContext) -> String {
        let l = context.localizer
        let item = SideMenu.items.first { $0.url == .module(module) }
        let title = l.t(item?.titleKey ?? "app.name")
        return Layout.render(.init(title: title), context: context, content: [
            EmptyState.render(icon: item?.icon ?? .goals, title: l.t("comingSoon.title", title), message: l.t("comingSoon.message"), more: [
                el("a", [.class("button button-secondary"), Attr("href", SiteURL.profile.path)], [txt(l.t("comingSoon.back"))]),
            ]),
        ])
    }
}
