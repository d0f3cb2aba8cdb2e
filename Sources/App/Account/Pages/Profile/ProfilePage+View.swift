import KineticCore

/// The Profile page: who the user is, their fitness summary, language, and the way into Goals.
enum ProfilePage {
    struct Model {
        let name: String
        let email: String
        let fitness: FitnessSettings
        let language: AppLanguage?
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let calorieGoal =
            model.fitness.calorieGoal > 0 ? l.t("unit.calories", l.number(model.fitness.calorieGoal)) : l.t("profile.calorieGoalOff")
        return Layout.render(
            .init(title: l.t("profile.title"), stylesheet: AccountModule.stylesheet), context: context,
            content: [
                el(
                    "section", [.class("profile-header")],
                    [
                        el("span", [.class("avatar avatar-large"), .aria("hidden", "true")], [txt(SideMenu.initials(model.name))]),
                        el("h2", [.class("profile-name")], [txt(model.name)]),
                        el("p", [.class("profile-email")], [txt(model.email)]),
                    ]),
                el(
                    "a", [.class("goals-entry"), Attr("href", SiteURL.module(.goals).path)],
                    [
                        el("span", [.class("goals-entry-icon")], [icon(.goals)]),
                        el(
                            "span", [.class("goals-entry-text")],
                            [
                                el("strong", [], [txt(l.t("profile.goalsEntry"))]),
                                el(
                                    "span", [],
                                    [
                                        txt(
                                            model.fitness.jumpGoal > 0
                                                ? l.t("profile.goalsEntryDetail", l.number(model.fitness.jumpGoal))
                                                : l.t("profile.noJumpGoal"))
                                    ]),
                            ]),
                        icon(.chevronRight),
                    ]),
                section(
                    title: l.t("profile.fitness"),
                    rows: [
                        (l.t("fitness.bodyType.label"), l.bodyType(model.fitness.bodyType)),
                        (l.t("fitness.height.label"), l.height(model.fitness.height)),
                        (
                            l.t("profile.jumpGoal"),
                            model.fitness.jumpGoal > 0 ? l.t("unit.jumps", l.number(model.fitness.jumpGoal)) : l.t("goals.noGoalShort")
                        ),
                        (l.t("profile.calorieGoal"), calorieGoal),
                    ], link: (SiteURL.fitnessSettings.path, l.t("profile.editFitness"))),
                section(
                    title: l.t("profile.account"),
                    rows: [
                        (l.t("field.name"), model.name),
                        (l.t("field.email"), model.email),
                        (l.t("settings.language"), l.languageName(model.language)),
                    ], link: (SiteURL.settings.path, l.t("profile.openSettings"))),
            ])
    }

    private static func section(title: String, rows: [(String, String)], link: (href: String, label: String)) -> HTMLNode {
        el(
            "section", [.class("card list-card")],
            [
                el("h2", [.class("card-title")], [txt(title)]),
                el(
                    "dl", [.class("detail-list")],
                    rows.map { label, value in
                        el("div", [.class("detail-row")], [el("dt", [], [txt(label)]), el("dd", [], [txt(value)])])
                    }),
                el("a", [.class("card-link"), Attr("href", link.href)], [txt(link.label), icon(.chevronRight)]),
            ])
    }
}
