/// The centred card of the signed-out pages, under the Kinetic logo.
enum AuthCard {
    static func render(title: String, subtitle: String, context: PageContext, content: [HTMLNode]) -> HTMLNode {
        let l = context.localizer
        return el(
            "div", [.class("auth-wrap")],
            [
                el(
                    "div", [.class("auth-brand")],
                    [
                        voidEl(
                            "img",
                            [
                                Attr("src", context.assets.url("images/icon.svg")), Attr("alt", ""), Attr("width", "64"),
                                Attr("height", "64"),
                                .class("auth-logo"),
                            ]),
                        el("p", [.class("auth-wordmark")], [txt(l.t("app.name"))]),
                    ]),
                el(
                    "section", [.class("card auth-card"), .aria("labelledby", "auth-heading")],
                    [
                        el("h1", [.id("auth-heading"), .class("auth-title")], [txt(title)]),
                        el("p", [.class("auth-subtitle")], [txt(subtitle)]),
                    ] + content),
            ])
    }
}
