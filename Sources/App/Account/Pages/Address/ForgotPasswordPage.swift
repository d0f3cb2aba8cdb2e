/// Forgot password: the address to send a link to, and afterwards the same words whether or
/// not an account has it.
enum ForgotPasswordPage {
    struct Model {
        var email = ""
        var sent = false
        var error: String? = nil
        /// Whether this server sends e-mail at all; without it the page says whom to ask.
        var mailAvailable = true
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        var content: [HTMLNode] = [banner(model.error, isError: true)]
        if !model.mailAvailable {
            content.append(el("p", [.class("auth-switch")], [txt(l.t("error.mail.unavailable"))]))
        } else if model.sent {
            content.append(banner(l.t("password.forgot.sent", model.email), isError: false))
        } else {
            content.append(
                el(
                    "form", [Attr("method", "post"), Attr("action", SiteURL.forgotPassword.path), .class("form"), .flag("novalidate")],
                    [
                        CSRFField.render(context.csrfToken),
                        FormField.render(
                            .init(name: "email", label: l.t("field.email"), type: "email", value: model.email, autocomplete: "username")),
                        el(
                            "button", [.class("button button-primary button-block"), Attr("type", "submit")],
                            [txt(l.t("password.forgot.submit"))]),
                    ]))
        }
        content.append(
            el("p", [.class("auth-switch")], [el("a", [Attr("href", SiteURL.login.path)], [txt(l.t("password.forgot.backToLogin"))])]))
        return Layout.render(
            .init(title: l.t("password.forgot.title"), stylesheet: AccountModule.stylesheet, bodyClass: "auth"), context: context,
            content: [
                AuthCard.render(
                    title: l.t("password.forgot.heading"), subtitle: l.t("password.forgot.subtitle"), context: context, content: content)
            ])
    }
}
