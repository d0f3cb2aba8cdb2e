import KineticCore

/// The Apps and Automations page: every API token of the account, what it is called, when it
/// was last used and when it expires, each with a Revoke button.
enum TokensPage {
    struct Token {
        let id: String
        /// The client's name for the token; nil when it gave none.
        let label: String?
        let lastUsed: LocalDate?
        let expires: LocalDate?
    }

    struct Model {
        let tokens: [Token]
        /// Days a token lasts unused.
        let lifetimeDays: Int
        var revoked = false
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        return SettingsPage.subpage(
            title: l.t("tokens.title"),
            context: context,
            content: [
                banner(model.revoked ? l.t("tokens.revoked") : nil, isError: false),
                el("p", [.class("page-intro")], [txt(l.t("tokens.intro", l.number(model.lifetimeDays)))]),
                model.tokens.isEmpty
                    ? el("p", [.class("card empty-state")], [txt(l.t("tokens.none"))])
                    : el("ul", [.class("card list-card token-list")], model.tokens.map { row($0, context: context) }),
            ]
        )
    }

    private static func row(_ token: Token, context: PageContext) -> HTMLNode {
        let l = context.localizer
        let name = token.label ?? l.t("tokens.unnamed")
        let details = [
            token.lastUsed.map { l.t("tokens.lastUsed", l.date($0)) },
            token.expires.map { l.t("tokens.expires", l.date($0)) },
        ].compactMap { $0 }
        return el(
            "li", [.class("list-row token-row")],
            [
                el("span", [.class("list-row-text")], [el("strong", [], [txt(name)])] + details.map { el("span", [], [txt($0)]) }),
                el(
                    "form", [Attr("method", "post"), Attr("action", SiteURL.revokeToken(id: token.id).path)],
                    [
                        CSRFField.render(context.csrfToken),
                        el(
                            "button",
                            [
                                .class("button button-secondary button-small"), Attr("type", "submit"),
                                .aria("label", l.t("tokens.revokeNamed", name)),
                            ], [txt(l.t("tokens.revoke"))]),
                    ]),
            ])
    }
}
