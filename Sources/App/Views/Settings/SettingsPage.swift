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
                el("a", [.class("list-row"), Attr("href", SiteURL.fitnessSettings.path)], [
                    el("span", [.class("list-row-text")], [
                        el("strong", [], [txt(l.t("fitness.title"))]),
                        el("span", [], [txt(l.t("settings.fitnessDetail"))]),
                    ]),
                    icon(.chevronRight),
                ]),
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
}
