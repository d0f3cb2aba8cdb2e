/// The page of a link that sets a new password.
enum ResetPasswordPage {
    struct Model {
        /// The link's token; nil when it expired or was used.
        var token: String?
        var fieldErrors: [String: String] = [:]
        var error: String? = nil
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let content: [HTMLNode]
        if let token = model.token {
            content = [
                banner(model.error, isError: true),
                el(
                    "form",
                    [
                        Attr("method", "post"), Attr("action", SiteURL.resetPassword(token: token).path), .class("form"),
                        .flag("novalidate"),
                    ],
                    [
                        CSRFField.render(context.csrfToken),
                        FormField.render(
                            .init(
                                name: "password", label: l.t("field.newPassword"), type: "password", autocomplete: "new-password",
                                error: model.fieldErrors["password"], hint: l.t("signup.passwordHint"), minLength: 8
                            )),
                        el(
                            "button", [.class("button button-primary button-block"), Attr("type", "submit")],
                            [txt(l.t("password.reset.submit"))]),
                    ]),
            ]
        } else {
            content = [
                el(
                    "p", [.class("auth-switch")],
                    [
                        txt(l.t("error.link.invalid") + " "),
                        el("a", [Attr("href", SiteURL.forgotPassword.path)], [txt(l.t("password.reset.again"))]),
                    ])
            ]
        }
        return Layout.render(
            .init(title: l.t("password.reset.title"), stylesheet: AccountModule.stylesheet, bodyClass: "auth"), context: context,
            content: [
                AuthCard.render(
                    title: l.t("password.reset.heading"), subtitle: l.t("password.reset.subtitle"), context: context, content: content)
            ])
    }
}
