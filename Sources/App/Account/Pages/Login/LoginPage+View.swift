/// The login page: e-mail and password, a link to sign up.
enum LoginPage {
    struct Model {
        var email = ""
        var error: String? = nil
        var notice: String? = nil
        /// Whether the server sends e-mail, so "Forgot your password?" can help.
        var forgotPassword = false
        /// The page signing in returns to (``ReturnPath``).
        var next: String? = nil
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        return Layout.render(
            .init(title: l.t("login.title"), stylesheet: AccountModule.stylesheet, bodyClass: "auth"), context: context,
            content: [
                AuthCard.render(
                    title: l.t("login.heading"), subtitle: l.t("login.subtitle"), context: context,
                    content: [
                        banner(model.error, isError: true),
                        banner(model.notice, isError: false),
                        el(
                            "form", [Attr("method", "post"), Attr("action", SiteURL.login.path), .class("form"), .flag("novalidate")],
                            [
                                CSRFField.render(context.csrfToken),
                                model.next.map { voidEl("input", [Attr("type", "hidden"), Attr("name", "next"), Attr("value", $0)]) }
                                    ?? .empty,
                                FormField.render(
                                    .init(
                                        name: "email", label: l.t("field.email"), type: "email", value: model.email,
                                        autocomplete: "username")),
                                FormField.render(
                                    .init(
                                        name: "password", label: l.t("field.password"), type: "password", autocomplete: "current-password")),
                                el(
                                    "button", [.class("button button-primary button-block"), Attr("type", "submit")],
                                    [txt(l.t("login.submit"))]),
                            ]),
                        model.forgotPassword
                            ? el(
                                "p", [.class("auth-switch")],
                                [el("a", [Attr("href", SiteURL.forgotPassword.path)], [txt(l.t("password.forgot.link"))])])
                            : .empty,
                        el(
                            "p", [.class("auth-switch")],
                            [
                                txt(l.t("login.noAccount") + " "),
                                el("a", [Attr("href", SiteURL.signUp.path)], [txt(l.t("login.signUpLink"))]),
                            ]),
                    ])
            ])
    }
}
