/// The page of a link that confirms an address: a button that confirms it (a mail scanner that
/// opens the link confirms nothing), then what happened.
enum ConfirmAddressPage {
    enum State {
        /// The link works; the button confirms `email`.
        case ready(token: String, email: String)
        case confirmed(email: String)
        /// Expired or used.
        case invalid
    }

    static func render(_ state: State, error: String? = nil, context: PageContext) -> String {
        let l = context.localizer
        let content: [HTMLNode]
        let subtitle: String
        switch state {
        case .ready(let token, let email):
            subtitle = l.t("address.confirm.subtitle", email)
            content = [
                banner(error, isError: true),
                el(
                    "form", [Attr("method", "post"), Attr("action", SiteURL.confirmAddress(token: token).path), .class("form")],
                    [
                        CSRFField.render(context.csrfToken),
                        el(
                            "button", [.class("button button-primary button-block"), Attr("type", "submit")],
                            [txt(l.t("address.confirm.submit"))]),
                    ]),
            ]
        case .confirmed(let email):
            subtitle = l.t("address.confirmed.subtitle", email)
            content = [
                el(
                    "p", [.class("auth-switch")],
                    [
                        el(
                            "a", [.class("button button-primary button-block"), Attr("href", SiteURL.profile.path)],
                            [txt(l.t("address.confirmed.continue"))])
                    ])
            ]
        case .invalid:
            subtitle = l.t("error.link.invalid")
            content = [
                el(
                    "p", [.class("auth-switch")],
                    [
                        txt(l.t("address.invalid.hint") + " "),
                        el("a", [Attr("href", SiteURL.settings.path)], [txt(l.t("address.invalid.settingsLink"))]),
                    ])
            ]
        }
        return Layout.render(
            .init(title: l.t("address.confirm.title"), stylesheet: AccountModule.stylesheet, bodyClass: "auth"), context: context,
            content: [
                AuthCard.render(title: l.t("address.confirm.heading"), subtitle: subtitle, context: context, content: content)
            ])
    }
}
