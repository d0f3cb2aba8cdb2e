import Plot

/// The one page layout: head, top bar with the side-menu button, side menu, main content,
/// radial menu, loading overlay and alert dialog. Signed-out pages get a plain centred layout.
enum Layout {
    /// Options a page may override.
    struct Page {
        var title: String
        /// A control at the right of the top bar (e.g. an Edit button).
        var topBarAction: HTMLNode? = nil
        /// A back link shown instead of the menu button.
        var backLink: (href: String, label: String)? = nil
        /// The module's stylesheet, after the shared `css/app.css`, e.g. `css/steps.css`.
        var stylesheet: String? = nil
        /// The page's own ES modules, e.g. `js/steps/steps.js`. The shell's and its controls'
        /// come by themselves (see ``enhancements``).
        var scripts: [String] = []
        var bodyClass: String = ""
    }

    static func render(_ page: Page, context: PageContext, content: [HTMLNode]) -> String {
        let l = context.localizer
        let shell: [HTMLNode]
        if context.user != nil {
            shell = [
                el("a", [.class("skip-link"), Attr("href", "#main")], [txt(l.t("shell.skipToContent"))]),
                topBar(page, context: context),
                SideMenu.render(context: context),
                el("main", [.id("main"), .class("page"), Attr("tabindex", "-1")], content),
                RadialMenu.render(context: context),
            ]
        } else {
            shell = [el("main", [.id("main"), .class("page page-signed-out")], content)]
        }
        let body = el("body", [.class(page.bodyClass)], shell + [loadingOverlay(l), alertDialog(l), confirmDialog(l)]).render()
        let scripts = modules(page, signedIn: context.user != nil, body: body)
        let html = el(
            "html",
            [
                Attr("lang", l.language.rawValue), .data("format-locale", l.locale.identifier.replacingOccurrences(of: "_", with: "-")),
                .data("network-error", l.t("error.network")),
                // A signed-in page kept on the device says how old it is when it opens offline.
                context.user == nil ? nil : .data("offline-label", l.t("offline.asOf")),
            ],
            [
                head(page, scripts: scripts, context: context), .raw(body),
            ])
        return "<!DOCTYPE html>\n" + html.render()
    }

    /// The modules that enhance a control wherever a page has one, by the attribute that marks
    /// it: a page without a ruler loads no ruler.
    static let enhancements: [(marker: String, module: String)] = [
        ("data-ruler", "js/shared/ruler.js"),
        ("data-month-picker", "js/shared/month-picker.js"),
        ("data-ajax", "js/shared/forms.js"),
        ("data-guard-unsaved", "js/shared/forms.js"),
        ("data-browser-time-zone", "js/shared/time-zone.js"),
        ("data-browser-default", "js/shared/time-zone.js"),
        ("data-install-app", "js/shared/install.js"),
        ("data-push-device", "js/shared/notifications.js"),
        ("data-kept-on-phone", "js/shared/kept.js"),
        ("data-offline-queue", "js/shared/outbox.js"),
        ("data-outbox", "js/shared/outbox.js"),
    ]

    /// The page's modules: the shell's (signed-in pages have its menus), those of the controls
    /// in its `body`, then its own; each once.
    static func modules(_ page: Page, signedIn: Bool, body: String) -> [String] {
        var modules = signedIn ? ["js/shared/app.js"] : []
        for (marker, module) in enhancements where hasAttribute(marker, body) { modules.append(module) }
        modules += page.scripts
        var seen = Set<String>()
        return modules.filter { seen.insert($0).inserted }
    }

    /// Whether an element of `html` has the attribute `name` (`name`, `name=""` or `name="…"`).
    private static func hasAttribute(_ name: String, _ html: String) -> Bool {
        var rest = html[...]
        while let found = rest.range(of: " " + name) {
            if let next = html[found.upperBound...].first, next == "=" || next == " " || next == ">" || next == "/" { return true }
            rest = html[found.upperBound...]
        }
        return false
    }

    /// The head: its stylesheets, then the page's modules, and every module they import, named
    /// at once (`modulepreload`), so the browser fetches the whole graph in one round trip
    /// instead of one import level after another.
    private static func head(_ page: Page, scripts: [String], context: PageContext) -> HTMLNode {
        let l = context.localizer
        let assets = context.assets
        return el(
            "head", [],
            [
                voidEl("meta", [Attr("charset", "utf-8")]),
                voidEl("meta", [Attr("name", "viewport"), Attr("content", "width=device-width, initial-scale=1, viewport-fit=cover")]),
                voidEl("meta", [Attr("name", "theme-color"), Attr("content", "#1f6bff")]),
                voidEl("meta", [Attr("name", "mobile-web-app-capable"), Attr("content", "yes")]),
                // iOS reads its own names for what the manifest says: open without Safari's bars, the
                // status bar over the page's own colour, and the name under the home-screen icon.
                voidEl("meta", [Attr("name", "apple-mobile-web-app-capable"), Attr("content", "yes")]),
                voidEl("meta", [Attr("name", "apple-mobile-web-app-status-bar-style"), Attr("content", "default")]),
                voidEl("meta", [Attr("name", "apple-mobile-web-app-title"), Attr("content", l.t("app.name"))]),
                el("title", [], [txt(page.title + " · " + l.t("app.name"))]),
                voidEl("link", [Attr("rel", "manifest"), Attr("href", SiteURL.manifest.path)]),
                voidEl("link", [Attr("rel", "icon"), Attr("href", assets.url("images/icon.svg")), Attr("type", "image/svg+xml")]),
                voidEl("link", [Attr("rel", "apple-touch-icon"), Attr("href", assets.url("images/icon-192.png"))]),
                voidEl("link", [Attr("rel", "stylesheet"), Attr("href", assets.url("css/app.css"))]),
                page.stylesheet.map { voidEl("link", [Attr("rel", "stylesheet"), Attr("href", assets.url($0))]) } ?? .empty,
            ] + scripts.map { el("script", [Attr("type", "module"), Attr("src", assets.url($0))]) }
                + assets.modules(importedBy: scripts).map { voidEl("link", [Attr("rel", "modulepreload"), Attr("href", $0)]) })
    }

    private static func topBar(_ page: Page, context: PageContext) -> HTMLNode {
        let l = context.localizer
        let leading: HTMLNode
        if let back = page.backLink {
            leading = el("a", [.class("icon-button"), Attr("href", back.href), .aria("label", back.label)], [icon(.back)])
        } else {
            leading = el(
                "a",
                [
                    .class("icon-button"), .id("menu-button"), Attr("href", "#side-menu"), Attr("role", "button"),
                    .aria("controls", "side-menu"), .aria("expanded", "false"), .aria("label", l.t("shell.openMenu")),
                ], [icon(.menu)])
        }
        return el(
            "header", [.class("top-bar")],
            [
                leading,
                el("h1", [.class("top-bar-title")], [txt(page.title)]),
                el("div", [.class("top-bar-action")], page.topBarAction.map { [$0] } ?? []),
            ])
    }

    /// A modal dialog, so it stacks above any open sheet (the top layer) and nothing under it
    /// can be tapped again while it shows.
    private static func loadingOverlay(_ l: Localizer) -> HTMLNode {
        el(
            "dialog", [.id("loading-overlay"), .class("loading-overlay"), .aria("live", "polite")],
            [
                el(
                    "div", [.class("loading-card")],
                    [
                        el("div", [.class("spinner"), .aria("hidden", "true")]),
                        el("span", [.class("loading-label")], [txt(l.t("shell.loading"))]),
                    ])
            ])
    }

    /// The question before a destructive form (`data-confirm` on the form): its message and
    /// the form's own button label come from the form.
    private static func confirmDialog(_ l: Localizer) -> HTMLNode {
        el(
            "dialog", [.id("confirm-dialog"), .class("alert"), .aria("labelledby", "confirm-message")],
            [
                el("p", [.id("confirm-message"), .class("alert-message alert-message-only")]),
                el(
                    "form", [Attr("method", "dialog"), .class("alert-actions")],
                    [
                        el("button", [.class("alert-button"), Attr("value", "")], [txt(l.t("alert.cancel"))]),
                        el(
                            "button", [.class("alert-button alert-button-destructive"), Attr("value", "confirm"), .id("confirm-action")],
                            [txt(l.t("alert.ok"))]),
                    ]),
            ])
    }

    private static func alertDialog(_ l: Localizer) -> HTMLNode {
        el(
            "dialog", [.id("alert-dialog"), .class("alert"), .aria("labelledby", "alert-title"), .aria("describedby", "alert-message")],
            [
                el("h2", [.id("alert-title"), .class("alert-title")], [txt(l.t("alert.errorTitle"))]),
                el("p", [.id("alert-message"), .class("alert-message")]),
                el(
                    "form", [Attr("method", "dialog"), .class("alert-actions")],
                    [
                        el("button", [.class("alert-button alert-button-primary"), Attr("value", "ok")], [txt(l.t("alert.ok"))])
                    ]),
            ])
    }
}
