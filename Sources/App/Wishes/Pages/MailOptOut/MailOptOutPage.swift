/// The page of an e-mail's "no more e-mail" link: one button, then the answer.
enum MailOptOutPage {
    enum State {
        case ask(String)
        case stopped(String)
    }

    static func render(_ state: State, token: String, context: PageContext) -> String {
        let l = context.localizer
        let subtitle: String
        var content: [HTMLNode] = []
        switch state {
        case .ask(let address):
            subtitle = l.t("mailOptOut.ask", address)
            content.append(
                el(
                    "form", [Attr("method", "post"), Attr("action", SiteURL.mailOptOut(token: token).path), .class("form")],
                    [
                        el(
                            "button", [.class("button button-primary button-block"), Attr("type", "submit")],
                            [txt(l.t("mailOptOut.submit"))])
                    ]))
        case .stopped(let address):
            subtitle = l.t("mailOptOut.done", address)
        }
        return Layout.render(
            .init(title: l.t("mailOptOut.title"), stylesheet: AccountModule.stylesheet, bodyClass: "auth"), context: context,
            content: [
                AuthCard.render(title: l.t("mailOptOut.title"), subtitle: subtitle, context: context, content: content)
            ])
    }
}
