import KineticCore

/// The seed's steps 3–4 of a full fitness test: the tracked exercises of the chosen category
/// (getTrackedExercises) and a few suggestions, to pick up to the chosen count; the test fills
/// the rest.
enum FitnessPickPage {
    struct Model {
        let category: Exercise.Category
        let count: Int
        /// What the user said they have: the suggestions and what the test adds need nothing else.
        let equipment: Set<Exercise.Equipment>
        let tracked: [Exercise]
        let suggestions: [Exercise]
        var picked: Set<String> = []
        var error: String?
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let form = el(
            "form", [Attr("method", "post"), Attr("action", SiteURL.workouts(.newFitnessTest).path), .class("form"), .id("fitness-pick")],
            [
                CSRFField.render(context.csrfToken),
                voidEl("input", [Attr("type", "hidden"), Attr("name", "category"), Attr("value", model.category.rawValue)]),
                voidEl("input", [Attr("type", "hidden"), Attr("name", "count"), Attr("value", String(model.count))]),
                .group(
                    Exercise.Equipment.allCases.filter(model.equipment.contains).map {
                        voidEl("input", [Attr("type", "hidden"), Attr("name", "equipment[]"), Attr("value", $0.rawValue)])
                    }),
                banner(model.error, isError: true),
                el(
                    "p", [.class("form-note")],
                    [
                        txt(l.t("fitness.pick.intro", l.category(model.category), l.plural("fitness.exerciseCount", count: model.count)))
                    ]),
                model.tracked.isEmpty
                    ? el("p", [.class("card field-hint"), .id("no-tracked")], [txt(l.t("fitness.pick.noTracked"))])
                    : group(id: "tracked", legend: l.t("fitness.pick.tracked"), exercises: model.tracked, picked: model.picked, l: l),
                group(id: "suggested", legend: l.t("fitness.pick.suggested"), exercises: model.suggestions, picked: model.picked, l: l),
                el(
                    "button", [.class("button button-primary button-block"), Attr("type", "submit"), .id("fitness-pick-button")],
                    [txt(l.t("fitness.pick.start"))]),
            ])
        return Layout.render(
            .init(
                title: l.t("fitness.pick.title"), backLink: (SiteURL.workouts(.fitness).path, l.t("workouts.tab.fitness")),
                stylesheet: WorkoutsModule.stylesheet),
            context: context, content: [form]
        )
    }

    private static func group(id: String, legend: String, exercises: [Exercise], picked: Set<String>, l: Localizer) -> HTMLNode {
        el(
            "fieldset", [.class("card pick-field"), .id("\(id)-field")],
            [
                el("legend", [.class("field-label")], [txt(legend)]),
                el(
                    "ul", [.class("pick-list")],
                    exercises.map { exercise in
                        el(
                            "li", [],
                            [
                                el(
                                    "label", [.class("pick-row")],
                                    [
                                        voidEl(
                                            "input",
                                            [
                                                Attr("type", "checkbox"), Attr("name", "exercises[]"), Attr("value", exercise.id),
                                                .flag("checked", picked.contains(exercise.id)),
                                            ]),
                                        el(
                                            "span", [.class("list-row-text")],
                                            [
                                                el("strong", [], [txt(l.exerciseName(exercise))]),
                                                el(
                                                    "span", [],
                                                    [
                                                        txt(
                                                            l.level(exercise.level) + " · "
                                                                + l.t("fitness.perMinute", l.number(exercise.tempo.repsPerMinute ?? 0)))
                                                    ]),
                                            ]),
                                    ])
                            ])
                    }),
            ])
    }
}
