import KineticCore

/// Themes (seed: "Adding a Theme", "Removing a Theme"): the user's themes — name, what it
/// plays (an artist, a genre or a song), how many workouts it is for — each with Remove, and
/// the form to add one, choosing from the artists, genres and songs of the library.
enum ThemesPage {
    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        var content: [HTMLNode] = [WorkoutsTabs.render(.themes, l: l), banner(model.notice, isError: false)]
        if model.themes.isEmpty {
            content.append(el("p", [.class("card workout-empty")], [txt(l.t("workouts.themes.empty"))]))
        } else {
            content.append(
                el(
                    "ul", [.class("card theme-list"), .id("theme-list"), .aria("label", l.t("workouts.themes.listLabel"))],
                    model.themes.map { row($0, context: context) }))
        }
        content.append(addForm(model, context: context))
        return Layout.render(
            .init(title: l.t("workouts.themes.title"), stylesheet: WorkoutsModule.stylesheet, scripts: ["js/shared/confirm-forms.js"]),
            context: context, content: content
        )
    }

    private static func row(_ theme: Row, context: PageContext) -> HTMLNode {
        let l = context.localizer
        return el(
            "li", [.class("theme-row"), .data("theme", theme.id)],
            [
                el(
                    "span", [.class("list-row-text")],
                    [
                        el("strong", [], [txt(theme.name)]),
                        el("span", [], [txt(l.t("workouts.themes.kind.\(theme.kind.rawValue)", theme.value))]),
                        el(
                            "span", [],
                            [
                                txt(
                                    l.plural("workouts.themes.forWorkouts", count: theme.workouts) + " · "
                                        + (theme.left == 0
                                            ? l.t("workouts.themes.usedUp") : l.plural("workouts.themes.workoutsLeft", count: theme.left))
                                        + " · " + l.plural("workouts.themes.songCount", count: theme.songs))
                            ]),
                    ]),
                el(
                    "form",
                    [
                        Attr("method", "post"), Attr("action", SiteURL.workouts(.deleteTheme(id: theme.id)).path), .class("delete-form"),
                        .data("confirm", l.t("workouts.themes.removeConfirm", theme.name)),
                    ],
                    [
                        CSRFField.render(context.csrfToken),
                        el(
                            "button",
                            [
                                .class("button button-small button-quiet button-destructive"), Attr("type", "submit"),
                                .aria("label", l.t("workouts.themes.removeNamed", theme.name)),
                            ],
                            [
                                txt(l.t("workouts.themes.remove"))
                            ]),
                    ]),
            ])
    }

    private static func addForm(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        let hasChoices = !(model.artists.isEmpty && model.genres.isEmpty && model.songs.isEmpty)
        let choiceError = model.errors["kind"] ?? model.errors["value"]
        let groups: [(String, [(value: String, label: String)])] = [
            (l.t("workouts.themes.artists"), model.artists.map { ("artist:" + $0, $0) }),
            (l.t("workouts.themes.genres"), model.genres.map { ("genre:" + $0, $0) }),
            (l.t("workouts.themes.songs"), model.songs.map { ("song:" + $0.id, $0.title) }),
        ]
        return el(
            "section", [.class("card"), .aria("labelledby", "add-theme-title"), .id("add-theme")],
            [
                el("h2", [.class("card-title"), .id("add-theme-title")], [txt(l.t("workouts.themes.addTitle"))]),
                hasChoices
                    ? el(
                        "form",
                        [Attr("method", "post"), Attr("action", SiteURL.workouts(.themes).path), .class("form"), .id("theme-form")],
                        [
                            CSRFField.render(context.csrfToken),
                            FormField.render(
                                .init(
                                    name: "name", label: l.t("workouts.themes.name"), value: model.form.name, error: model.errors["name"],
                                    hint: l.t("workouts.themes.nameHint"))),
                            el(
                                "div", [.class(choiceError == nil ? "field" : "field field-invalid")],
                                [
                                    el(
                                        "label", [.class("field-label"), Attr("for", "field-choice")], [txt(l.t("workouts.themes.choice"))]),
                                    el(
                                        "select",
                                        [.id("field-choice"), Attr("name", "choice"), .class("field-input select"), .flag("required")],
                                        [el("option", [Attr("value", "")], [txt(l.t("workouts.themes.choose"))])]
                                            + groups.filter { !$0.1.isEmpty }.map { label, options in
                                                el(
                                                    "optgroup", [Attr("label", label)],
                                                    options.map { option in
                                                        el(
                                                            "option",
                                                            [
                                                                Attr("value", option.value),
                                                                .flag("selected", option.value == model.form.choice),
                                                            ], [txt(option.label)])
                                                    })
                                            }),
                                    choiceError.map { el("p", [.class("field-error")], [txt($0)]) } ?? .empty,
                                ]),
                            FormField.render(
                                .init(
                                    name: "workouts", label: l.t("workouts.themes.workouts"), type: "number", value: model.form.workouts,
                                    error: model.errors["workouts"], hint: l.t("workouts.themes.workoutsHint"))),
                            el(
                                "button", [.class("button button-primary button-block"), Attr("type", "submit"), .id("add-theme-button")],
                                [txt(l.t("workouts.themes.add"))]),
                        ])
                    : el(
                        "p", [.class("form-note")],
                        [
                            txt(l.t("workouts.themes.needsMusic") + " "),
                            el("a", [Attr("href", SiteURL.workouts(.music).path)], [txt(l.t("workouts.themes.addMusic"))]),
                        ]),
            ])
    }
}
