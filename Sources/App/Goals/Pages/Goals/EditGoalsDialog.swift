import KineticCore

/// The Edit My Goals dialog: a ruler for the monthly jump goal, a ruler for the calorie goal
/// (usable only with body type and height; otherwise a way into Fitness Settings inside the
/// dialog), Save at the bottom and Close at the top.
enum EditGoalsDialog {
    struct Model {
        let fitness: FitnessSettings
        /// The month the goals are saved for: always the current one (past months keep theirs).
        let month: Month
    }

    /// The jump goals the ruler offers (the API accepts up to 1,000,000).
    static let jumpGoalRange = 0...500_000
    static let calorieGoalRange = 0...20_000

    static func render(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        let allowsCalories = model.fitness.allowsCalorieGoal
        let goalsForm = el(
            "form",
            [
                Attr("method", "post"), Attr("action", SiteURL.editGoals.path), .class("form dialog-form"), .id("edit-goals-form"),
                .flag("novalidate"), .data("saved-message", l.t("goals.edit.saved")),
            ],
            [
                CSRFField.render(context.csrfToken),
                el(
                    "p", [.class("form-note sheet-month-note"), .id("edit-goals-month")],
                    [txt(l.t("goals.edit.forMonth", l.month(model.month)))]),
                el(
                    "section", [.class("card")],
                    [
                        Ruler.render(
                            .init(
                                name: "jumpGoal", label: l.t("goals.edit.jumpGoal"), value: model.fitness.jumpGoal,
                                range: jumpGoalRange, step: 1_000, majorEvery: 10, format: .count, initial: 30_000, unit: l.t("unit.jumps")
                            ), l: l)
                    ]),
                el(
                    "fieldset", [.class("card calorie-section"), .id("calorie-section"), .flag("disabled", !allowsCalories)],
                    [
                        Ruler.render(
                            .init(
                                name: "calorieGoal", label: l.t("goals.edit.calorieGoal"), value: model.fitness.calorieGoal,
                                range: calorieGoalRange, step: 100, majorEvery: 10, format: .count, initial: 0, unit: l.t("unit.calories")
                            ), l: l),
                        el("p", [.class("form-note calorie-off-note")], [txt(l.t("goals.edit.calorieOffHint"))]),
                    ]),
                el(
                    "div", [.class("calorie-locked card"), .id("calorie-locked"), .flag("hidden", allowsCalories)],
                    [
                        el("p", [], [txt(l.t("goals.edit.needsFitness"))]),
                        el(
                            "button", [.class("button button-secondary button-block"), Attr("type", "button"), .data("open-fitness", "")],
                            [
                                txt(l.t("goals.edit.openFitness"))
                            ]),
                    ]),
                el(
                    "div", [.class("dialog-actions")],
                    [
                        el("button", [.class("button button-primary button-block"), Attr("type", "submit")], [txt(l.t("action.save"))])
                    ]),
            ])
        let fitnessForm = FitnessForm.render(fitness: model.fitness, context: context, guardsUnsavedChanges: false)
        return el(
            "dialog",
            [.id("edit-goals"), .class("sheet"), .aria("labelledby", "edit-goals-title"), .aria("describedby", "edit-goals-month")],
            [
                el(
                    "div", [.class("sheet-view"), .data("sheet-view", "goals")],
                    [
                        el(
                            "header", [.class("sheet-header")],
                            [
                                el(
                                    "button",
                                    [
                                        .class("icon-button"), Attr("type", "button"), .data("close-sheet", ""),
                                        .aria("label", l.t("action.close")),
                                    ], [icon(.close)]),
                                el("h2", [.class("sheet-title"), .id("edit-goals-title")], [txt(l.t("goals.edit.title"))]),
                                el("span", [.class("sheet-header-spacer")]),
                            ]),
                        el("div", [.class("sheet-body")], [goalsForm]),
                    ]),
                el(
                    "div", [.class("sheet-view"), .data("sheet-view", "fitness"), .flag("hidden")],
                    [
                        el(
                            "header", [.class("sheet-header")],
                            [
                                el(
                                    "button",
                                    [
                                        .class("icon-button"), Attr("type", "button"), .data("sheet-back", ""),
                                        .aria("label", l.t("shell.back")),
                                    ], [icon(.back)]),
                                el("h2", [.class("sheet-title")], [txt(l.t("fitness.title"))]),
                                el("span", [.class("sheet-header-spacer")]),
                            ]),
                        el("div", [.class("sheet-body")], [fitnessForm]),
                    ]),
            ])
    }
}
