/// The round button at the bottom that fans out into the modules. It sits on a bar of its own
/// that the page reserves space for, so it never covers a control, and its icon is the
/// modules' grid (a "+" would promise "add").
enum RadialMenu {
    static func render(context: PageContext) -> HTMLNode {
        let l = context.localizer
        let modules = SideMenu.items.prefix(5)
        let items = modules.enumerated().map { index, item -> HTMLNode in
            el(
                "li", [.class("radial-item radial-item-\(index + 1)")],
                [
                    el(
                        "a", [.class("radial-link"), Attr("href", item.url.path)],
                        [
                            el("span", [.class("radial-icon")], [icon(item.icon)]),
                            el("span", [.class("radial-label")], [txt(l.t(item.titleKey))]),
                        ])
                ])
        }
        return el(
            "nav", [.class("radial-menu"), .id("radial-menu"), .aria("label", l.t("shell.modulesMenu"))],
            [
                el("div", [.class("bottom-bar"), .aria("hidden", "true")]),
                el("div", [.class("radial-scrim"), .aria("hidden", "true")]),
                el("ul", [.class("radial-items"), .id("radial-items")], items),
                el(
                    "button",
                    [
                        .class("radial-toggle"), Attr("type", "button"), .aria("expanded", "false"),
                        .aria("controls", "radial-items"), .aria("label", l.t("shell.openModules")),
                        .data("label-open", l.t("shell.openModules")), .data("label-close", l.t("shell.closeModules")),
                    ],
                    [
                        icon(.app, className: "icon radial-toggle-icon radial-toggle-open"),
                        icon(.close, className: "icon radial-toggle-icon radial-toggle-close"),
                    ]),
            ])
    }
}
