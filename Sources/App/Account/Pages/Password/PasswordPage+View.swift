/// The Change Password page: the current password, then the new one. Saving signs every other
/// browser and app out.
enum PasswordPage {
    struct Model {
        /// Localized messages by field name.
        var fieldErrors: [String: String] = [:]
        var saved = false
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        return SettingsPage.subpage(
            title: l.t("password.title"),
            context: context,
            content: [
                banner(model.saved ? l.t("password.saved") : nil, isError: false),
                banner(model.fieldErrors.isEmpty ? nil : l.t("error.validation"), isError: true),
                el(
                    "form",
                    [Attr("method", "post"), Attr("action", SiteURL.settingsPassword.path), .class("card form"), .flag("novalidate")],
                    [
                        CSRFField.render(context.csrfToken),
                        FormField.render(
                            .init(
                                name: "currentPassword", label: l.t("password.current"), type: "password",
                                autocomplete: "current-password", error: model.fieldErrors["currentPassword"]
                            )),
                        FormField.render(
                            .init(
                                name: "newPassword", label: l.t("password.new"), type: "password", autocomplete: "new-password",
                                error: model.fieldErrors["newPassword"], hint: l.t("signup.passwordHint"), minLength: 8
                            )),
                        el("p", [.class("form-note")], [txt(l.t("password.signsOthersOut"))]),
                        el(
                            "button", [.class("button button-primary button-block"), Attr("type", "submit")], [txt(l.t("password.submit"))]),
                    ]),
            ]
        )
    }
}
