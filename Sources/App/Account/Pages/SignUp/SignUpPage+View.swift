/// The sign-up page: name, e-mail and password, each with its own error message.
enum SignUpPage {
    struct Model {
        var name = ""
        var email = ""
        /// Localized messages by field name.
        var fieldErrors: [String: String] = [:]
        var error: String? = nil
        var mode: Mode = .open
    }

    /// What the server's sign-up mode allows here.
    enum Mode: Equatable {
        case open
        /// With an invitation for `email`, which the form keeps.
        case invited(token: String, email: String)
        /// By invitation, and none valid came.
        case invitationNeeded
        case closed
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let closedWords: String? =
            switch model.mode {
            case .closed: l.t("error.signUp.closed")
            case .invitationNeeded: l.t("error.signUp.invitationRequired")
            default: nil
            }
        if let closedWords {
            return Layout.render(
                .init(title: l.t("signup.title"), stylesheet: AccountModule.stylesheet, bodyClass: "auth"), context: context,
                content: [
                    AuthCard.render(
                        title: l.t("signup.heading"), subtitle: closedWords, context: context,
                        content: [
                            banner(model.error, isError: true),
                            el(
                                "p", [.class("auth-switch")],
                                [
                                    txt(l.t("signup.haveAccount") + " "),
                                    el("a", [Attr("href", SiteURL.login.path)], [txt(l.t("signup.loginLink"))]),
                                ]),
                        ])
                ])
        }
        var invitation: HTMLNode = .empty
        var email = FormField.render(
            .init(
                name: "email", label: l.t("field.email"), type: "email", value: model.email, autocomplete: "email",
                error: model.fieldErrors["email"]))
        if case .invited(let token, let invited) = model.mode {
            invitation = voidEl("input", [Attr("type", "hidden"), Attr("name", "invitation"), Attr("value", token)])
            email = el(
                "div", [.class("field")],
                [
                    voidEl("input", [Attr("type", "hidden"), Attr("name", "email"), Attr("value", invited)]),
                    el("p", [.class("form-note")], [txt(l.t("signup.invitedAs", invited))]),
                ])
        }
        return Layout.render(
            .init(title: l.t("signup.title"), stylesheet: AccountModule.stylesheet, bodyClass: "auth"), context: context,
            content: [
                AuthCard.render(
                    title: l.t("signup.heading"), subtitle: l.t("signup.subtitle"), context: context,
                    content: [
                        banner(model.error, isError: true),
                        el(
                            "form", [Attr("method", "post"), Attr("action", SiteURL.signUp.path), .class("form"), .flag("novalidate")],
                            [
                                CSRFField.render(context.csrfToken),
                                invitation,
                                voidEl("input", [Attr("type", "hidden"), Attr("name", "timeZone"), .data("browser-time-zone", "")]),
                                FormField.render(
                                    .init(
                                        name: "name", label: l.t("field.name"), value: model.name, autocomplete: "name",
                                        error: model.fieldErrors["name"])),
                                email,
                                FormField.render(
                                    .init(
                                        name: "password", label: l.t("field.password"), type: "password", autocomplete: "new-password",
                                        error: model.fieldErrors["password"], hint: l.t("signup.passwordHint"), minLength: 8
                                    )),
                                el(
                                    "button", [.class("button button-primary button-block"), Attr("type", "submit")],
                                    [txt(l.t("signup.submit"))]),
                            ]),
                        el(
                            "p", [.class("auth-switch")],
                            [
                                txt(l.t("signup.haveAccount") + " "),
                                el("a", [Attr("href", SiteURL.login.path)], [txt(l.t("signup.loginLink"))]),
                            ]),
                    ])
            ])
    }
}
