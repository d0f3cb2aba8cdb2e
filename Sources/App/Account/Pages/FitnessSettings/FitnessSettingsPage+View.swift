import KineticCore

/// The Fitness Settings page: body type and height (the seed's FitnessSettingsViewController).
enum FitnessSettingsPage {
    struct Model {
        var fitness: FitnessSettings
        /// Localized messages by field name.
        var fieldErrors: [String: String] = [:]
        var saved = false
        /// The new user's name, right after sign-up: the page opens with a welcome.
        var welcomeName: String? = nil
        /// Right after sign-up: the address a confirmation link was sent to.
        var linkSentTo: String? = nil
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        return SettingsPage.subpage(
            title: l.t("fitness.title"),
            context: context,
            content: [
                model.welcomeName.map { welcome(name: $0, linkSentTo: model.linkSentTo, l: l) } ?? .empty,
                banner(model.saved ? l.t("fitness.saved") : nil, isError: false),
                banner(model.fieldErrors.isEmpty ? nil : l.t("error.validation"), isError: true),
                FitnessForm.render(fitness: model.fitness, fieldErrors: model.fieldErrors, context: context),
                UnsavedChangesDialog.render(l),
            ]
        )
    }

    /// The first thing a new user sees: what Kinetic does, why this page asks, and the way on
    /// to each of the five modules for whoever would rather skip it.
    static func welcome(name: String, linkSentTo: String?, l: Localizer) -> HTMLNode {
        el(
            "section", [.class("card welcome-card"), .aria("labelledby", "welcome-title")],
            [
                el("h2", [.id("welcome-title")], [txt(l.t("welcome.title", name))]),
                linkSentTo.map { el("p", [.class("welcome-link-sent")], [txt(l.t("welcome.linkSent", $0))]) } ?? .empty,
                el("p", [], [txt(l.t("welcome.body"))]),
                el(
                    "ul", [.class("welcome-modules"), .aria("label", l.t("welcome.modules"))],
                    SideMenu.modules.map { module in
                        el(
                            "li", [],
                            [
                                el(
                                    "a", [.class("welcome-module"), Attr("href", module.url.path)],
                                    [
                                        icon(module.icon),
                                        el(
                                            "span", [],
                                            [
                                                el("strong", [], [txt(l.t(module.titleKey))]),
                                                module.summaryKey.map { el("span", [], [txt(l.t($0))]) } ?? .empty,
                                            ]),
                                    ])
                            ])
                    }),
            ])
    }
}
