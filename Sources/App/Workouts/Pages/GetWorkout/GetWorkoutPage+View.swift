import KineticCore

/// Get Workout (seed: "Get a workout"): category **or** muscle groups (a switch chooses which;
/// `js/workouts/get-workout.js` shows only the chosen list), equipment, one difficulty, one
/// duration and up to five themes, then Get Workout. Refused choices come back with a message
/// per field.
enum GetWorkoutPage {
    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let choices = model.choices
        let form = el(
            "form",
            [
                Attr("method", "post"), Attr("action", SiteURL.workouts(.new).path), .class("form get-workout-form"),
                .id("get-workout-form"),
                .data("loading", "true"),
            ],
            [
                CSRFField.render(context.csrfToken),
                banner(model.message, isError: true),
                focusSwitch(choices.focus, l: l),
                ChoiceFields.chips(
                    name: "categories", legend: l.t("workouts.get.categories"), hint: l.t("workouts.get.categoriesHint"),
                    options: Exercise.Category.allCases.map { ($0.rawValue, l.category($0)) }, chosen: choices.categories,
                    error: model.errors["categories"], attributes: [.data("focus", "categories")]),
                ChoiceFields.chips(
                    name: "muscles", legend: l.t("workouts.get.muscles"), hint: l.t("workouts.get.musclesHint"),
                    options: Exercise.Muscle.allCases.map { ($0.rawValue, l.muscle($0)) }, chosen: choices.muscles,
                    error: model.errors["muscles"], attributes: [.data("focus", "muscles")]),
                ChoiceFields.chips(
                    name: "equipment", legend: l.t("workouts.get.equipment"), hint: l.t("workouts.get.equipmentHint"),
                    options: Exercise.Equipment.allCases.filter { $0 != .bodyweight }.map { ($0.rawValue, l.equipment($0)) },
                    chosen: choices.equipment, error: model.errors["equipment"]),
                ChoiceFields.segmented(
                    name: "difficulty", legend: l.t("workouts.get.difficulty"),
                    options: Exercise.Level.allCases.map { ($0.rawValue, l.level($0)) }, chosen: choices.difficulty,
                    hint: l.t("workouts.get.difficultyHint"), error: model.errors["difficulty"]),
                ChoiceFields.segmented(
                    name: "duration", legend: l.t("workouts.get.duration"),
                    options: WorkoutSelection.durations.map { (String($0), l.t("workouts.minutes", l.number($0))) },
                    chosen: String(choices.duration),
                    hint: nil, error: model.errors["duration"]),
                themes(model, l: l),
                el(
                    "div", [.class("form-actions")],
                    [
                        el(
                            "button", [.class("button button-primary button-block"), Attr("type", "submit"), .id("get-workout-submit")],
                            [txt(l.t("workouts.get.submit"))])
                    ]),
            ])
        return Layout.render(
            .init(
                title: l.t("workouts.get.title"), backLink: (SiteURL.module(.workouts).path, l.t("nav.workouts")),
                stylesheet: WorkoutsModule.stylesheet, scripts: ["js/workouts/get-workout.js"]),
            context: context, content: [form]
        )
    }

    /// Build the workout around categories or muscle groups (the seed: one or the other).
    private static func focusSwitch(_ focus: String, l: Localizer) -> HTMLNode {
        el(
            "fieldset", [.class("card segmented-field")],
            [
                el("legend", [.class("field-label")], [txt(l.t("workouts.get.focus"))]),
                el(
                    "div", [.class("segmented")],
                    [("categories", l.t("workouts.get.focusCategories")), ("muscles", l.t("workouts.get.focusMuscles"))].map {
                        value, label in
                        el(
                            "label", [.class("segment")],
                            [
                                voidEl(
                                    "input",
                                    [Attr("type", "radio"), Attr("name", "focus"), Attr("value", value), .flag("checked", focus == value)]),
                                el("span", [], [txt(label)]),
                            ])
                    }),
            ])
    }

    /// Up to five themes; without themes, every song may play.
    private static func themes(_ model: Model, l: Localizer) -> HTMLNode {
        let error = model.errors.first { $0.key.hasPrefix("themes") }?.value
        guard !model.themes.isEmpty else {
            return el(
                "section", [.class("card chip-field")],
                [
                    el("h2", [.class("field-label")], [txt(l.t("workouts.get.themes"))]),
                    el(
                        "p", [.class("field-hint")],
                        [
                            txt(l.t("workouts.get.noThemes") + " "),
                            el("a", [Attr("href", SiteURL.workouts(.themes).path)], [txt(l.t("workouts.get.addTheme"))]),
                        ]),
                ])
        }
        return el(
            "fieldset",
            [
                .class(error == nil ? "card chip-field" : "card chip-field field-invalid"), .id("themes-field"),
                .data("maximum", String(WorkoutSelectionInput.maximumThemes)), .aria("describedby", "themes-hint"),
            ],
            [
                el("legend", [.class("field-label")], [txt(l.t("workouts.get.themes"))]),
                el(
                    "p", [.class("field-hint"), .id("themes-hint")],
                    [txt(l.t("workouts.get.themesHint", l.number(WorkoutSelectionInput.maximumThemes)))]),
                error.map { el("p", [.class("field-error")], [txt($0)]) } ?? .empty,
                el(
                    "div", [.class("choice-list")],
                    model.themes.map { theme in
                        el(
                            "label", [.class("choice-row")],
                            [
                                voidEl(
                                    "input",
                                    [
                                        Attr("type", "checkbox"), Attr("name", "themes[]"), Attr("value", theme.id),
                                        .flag("checked", model.choices.themes.contains(theme.id)),
                                    ]),
                                el(
                                    "span", [.class("list-row-text")],
                                    [el("strong", [], [txt(theme.name)]), el("span", [], [txt(theme.detail)])]),
                            ])
                    }),
            ])
    }
}
