import KineticCore

/// The Settings page: fitness settings and the language of the app.
enum SettingsPage {
    struct Model {
        let language: AppLanguage?
        var saved = false
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let choices: [AppLanguage?] = [nil] + AppLanguage.allCases.map(Optional.some)
        return Layout.render(.init(title: l.t("settings.title")), context: context, content: [
            banner(model.saved ? l.t("settings.languageSaved") : nil, isError: false),
            el("nav", [.class("card list-card"), .aria("label", l.t("settings.title"))], [
                row(href: SiteURL.fitnessSettings.path, title: l.t("fitness.title"), detail: l.t("settings.fitnessDetail")),
                row(href: SiteURL.stepSources.path, title: l.t("sources.title"), detail: l.t("steps.sourcesDetail")),
                row(href: SiteURL.settingsPassword.path, title: l.t("password.title"), detail: l.t("settings.passwordDetail")),
                row(href: SiteURL.settingsTokens.path, title: l.t("tokens.title"), detail: l.t("settings.tokensDetail")),
            ]),
            el("form", [Attr("method", "post"), Attr("action", SiteURL.settingsLanguage.path), .class("card form")], [
                CSRFField.render(context.csrfToken),
                el("fieldset", [.class("choice-list")], [
                    el("legend", [.class("card-title")], [txt(l.t("settings.language"))]),
                ] + choices.map { language in
                    let value = language?.rawValue ?? "auto"
                    return el("label", [.class("choice-row")], [
                        voidEl("input", [Attr("type", "radio"), Attr("name", "language"), Attr("value", value), .flag("checked", language == model.language)]),
                        el("span", [], [txt(l.languageName(language))]),
                    ])
                }),
                el("button", [.class("button button-primary button-block"), Attr("type", "submit")], [txt(l.t("settings.saveLanguage"))]),
            ]),
        ])
    }

    /// A row that opens another settings page: its title, a line on what it holds, a chevron.
    static func row(href: String, title: String, detail: String) -> HTMLNode {
        el("a", [.class("list-row"), Attr("href", href)], [
            el("span", [.class("list-row-text")], [
                el("strong", [], [txt(title)]),
                el("span", [], [txt(detail)]),
            ]),
            icon(.chevronRight),
        ])
    }
}
