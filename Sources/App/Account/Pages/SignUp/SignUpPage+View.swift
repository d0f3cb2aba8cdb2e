/// The sign-up page: name, e-mail and password, each with its own error message.
enum SignUpPage {
    struct Model {
        var name = ""
        var email = ""
        /// Localized messages by field name.
        var fieldErrors: [String: String] = [:]
        var error: String? = nil
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        return Layout.render(.init(title: l.t("signup.title"), stylesheet: AccountModule.stylesheet, bodyClass: "auth"), context: context, content: [
            AuthCard.render(title: l.t("signup.heading"), subtitle: l.t("signup.subtitle"), context: context, content: [
                banner(model.error, isError: true),
                el("form", [Attr("method", "post"), Attr("action", SiteURL.signUp.path), .class("form"), .flag("novalidate")], [
                    CSRFField.render(context.csrfToken),
                    voidEl("input", [Attr("type", "hidden"), Attr("name", "timeZone"), .data("browser-time-zone", "")]),
                    FormField.render(.init(name: "name", label: l.t("field.name"), value: model.name, autocomplete: "name", error: model.fieldErrors["name"])),
                    FormField.render(.init(name: "email", label: l.t("field.email"), type: "email", value: model.email, autocomplete: "email", error: model.fieldErrors["email"])),
                    FormField.render(.init(
                        name: "password", label: l.t("field.password"), type: "password", autocomplete: "new-password",
                        error: model.fieldErrors["password"], hint: l.t("signup.passwordHint"), minLength: 8
                    )),
                    el("button", [.class("button button-primary button-block"), Attr("type", "submit")], [txt(l.t("signup.submit"))]),
                ]),
                el("p", [.class("auth-switch")], [
                    txt(l.t("signup.haveAccount") + " "),
                    el("a", [Attr("href", SiteURL.login.path)], [txt(l.t("signup.loginLink"))]),
                ]),
            ]),
        ])
    }
}
