import KineticCore

/// Goals (seed: "Adding a Goal", "Removing a Goal"): the list (name, date created, description,
/// progress this week and in all, today's reminder), Edit and + in the top bar. Edit shows a
/// Remove button on each row; tapping a goal opens it to change or remove.
enum WorkoutGoalsPage {
    struct Row {
        let id: String
        let name: String
        let created: String
        let description: String
        let progress: String
        let week: String
        let reminderDue: Bool
        let reached: Bool
    }

    struct Model {
        var rows: [Row]
        var editing: Bool
        var notice: String?
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let path = SiteURL.workouts(.goals).path
        let edit =
            model.rows.isEmpty
            ? HTMLNode.empty
            : el(
                "a",
                [.class("top-bar-text-button top-bar-link"), Attr("href", model.editing ? path : path + "?edit=1"), .id("goals-edit")],
                [txt(l.t(model.editing ? "workoutGoals.done" : "workoutGoals.edit"))])
        let add = el(
            "a", [.class("top-bar-text-button top-bar-link"), Attr("href", SiteURL.workouts(.newGoal).path), .id("goals-add")],
            [icon(.plus, label: l.t("workoutGoals.add"))])
        var content: [HTMLNode] = [WorkoutsTabs.render(.goals, l: l), banner(model.notice, isError: false)]
        if model.rows.isEmpty {
            content.append(
                EmptyState.render(
                    icon: .goals, title: l.t("workoutGoals.empty.title"), message: l.t("workoutGoals.empty.message"),
                    more: [
                        el(
                            "a", [.class("button button-primary"), Attr("href", SiteURL.workouts(.newGoal).path)],
                            [txt(l.t("workoutGoals.add"))])
                    ]))
        } else {
            content.append(
                el(
                    "ul", [.class("card goal-list"), .id("goal-list"), .aria("label", l.t("workoutGoals.listLabel"))],
                    model.rows.map { row($0, editing: model.editing, context: context) }))
        }
        return Layout.render(
            .init(
                title: l.t("workoutGoals.title"), topBarAction: el("div", [.class("top-bar-actions")], [edit, add]),
                stylesheet: WorkoutsModule.stylesheet, scripts: ["js/shared/confirm-forms.js"]),
            context: context, content: content
        )
    }

    private static func row(_ row: Row, editing: Bool, context: PageContext) -> HTMLNode {
        let l = context.localizer
        return el(
            "li", [.class("goal-row"), .data("goal", row.id)],
            [
                el(
                    "a", [.class("goal-link"), Attr("href", SiteURL.workouts(.goal(id: row.id)).path)],
                    [
                        el(
                            "span", [.class("list-row-text")],
                            [
                                el("strong", [], [txt(row.name)]),
                                el("span", [.class("goal-created")], [txt(l.t("workoutGoals.created", row.created))]),
                                row.description.isEmpty ? .empty : el("span", [.class("goal-description")], [txt(row.description)]),
                                el(
                                    "span", [.class(row.reached ? "goal-progress goal-reached" : "goal-progress")],
                                    [txt(row.progress + " · " + row.week)]),
                                row.reminderDue
                                    ? el("span", [.class("badge goal-reminder")], [txt(l.t("workoutGoals.reminderToday"))]) : .empty,
                            ])
                    ]),
                editing ? removeForm(id: row.id, name: row.name, context: context) : .empty,
            ])
    }

    static func removeForm(id: String, name: String, context: PageContext, block: Bool = false) -> HTMLNode {
        let l = context.localizer
        return el(
            "form",
            [
                Attr("method", "post"), Attr("action", SiteURL.workouts(.deleteGoal(id: id)).path), .class("delete-form"),
                .data("confirm", l.t("workoutGoals.removeConfirm", name)),
            ],
            [
                CSRFField.render(context.csrfToken),
                el(
                    "button",
                    [
                        .class(
                            block
                                ? "button button-quiet button-destructive button-block goal-remove"
                                : "button button-small button-quiet button-destructive"),
                        Attr("type", "submit"), .aria("label", l.t("workoutGoals.removeNamed", name)),
                    ], [txt(l.t("workoutGoals.remove"))]),
            ])
    }
}
