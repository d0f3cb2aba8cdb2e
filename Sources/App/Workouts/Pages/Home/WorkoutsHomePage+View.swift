/// View Workouts (seed: "View in progress and saved workouts"), the module's home: Get a
/// Workout, then In Progress (a cell resumes the player at the paused second) and Saved (a cell
/// starts at the first exercise, or asks first when that workout is in progress; swipe a cell,
/// or use its Unsave button, to unsave it and its in-progress version). `js/workouts/home.js`
/// adds the swipe and the question.
enum WorkoutsHomePage {
    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let content: [HTMLNode] = [
            WorkoutsTabs.render(.workouts, l: l),
            banner(model.notice, isError: false),
            GoalReminders.render(model.reminders, l: l),
            getWorkoutCard(model, l: l),
            section(
                id: "in-progress", title: l.t("workouts.home.inProgress"), empty: l.t("workouts.home.inProgressEmpty"),
                cells: model.inProgress.map { inProgressCell($0, l: l) }),
            section(
                id: "saved", title: l.t("workouts.home.saved"), empty: l.t("workouts.home.savedEmpty"),
                cells: model.saved.map { savedCell($0, context: context) }),
            inProgressDialog(l),
        ]
        return Layout.render(
            .init(title: l.t("nav.workouts"), stylesheet: WorkoutsModule.stylesheet, scripts: ["js/workouts/home.js"]),
            context: context, content: content
        )
    }

    private static func getWorkoutCard(_ model: Model, l: Localizer) -> HTMLNode {
        el(
            "section", [.class("card get-workout-card")],
            [
                el(
                    "div", [.class("get-workout-text")],
                    [
                        el("h2", [], [txt(l.t("workouts.home.getTitle"))]),
                        el(
                            "p", [],
                            [
                                txt(
                                    model.songCount == 0
                                        ? l.t("workouts.home.getNoMusic") : l.plural("workouts.home.getMessage", count: model.songCount))
                            ]),
                    ]),
                el(
                    "a", [.class("button button-primary button-block"), Attr("href", SiteURL.workouts(.new).path), .id("get-workout")],
                    [
                        icon(.plus), txt(l.t("workouts.home.getButton")),
                    ]),
            ])
    }

    private static func section(id: String, title: String, empty: String, cells: [HTMLNode]) -> HTMLNode {
        el(
            "section", [.aria("labelledby", "\(id)-title"), .id(id)],
            [
                el("h2", [.class("section-title"), .id("\(id)-title")], [txt(title)]),
                cells.isEmpty
                    ? el("p", [.class("card workout-empty")], [txt(empty)])
                    : el("ul", [.class("card workout-list"), .id("\(id)-list")], cells),
            ])
    }

    private static func inProgressCell(_ cell: Cell, l: Localizer) -> HTMLNode {
        let progress = cell.progress!
        return el(
            "li", [.class("workout-cell"), .data("workout", cell.id), .data("place", "\(progress.index):\(progress.secondsLeft)")],
            [
                el(
                    "a", [.class("workout-cell-link"), Attr("href", cell.resumeURL)],
                    [
                        el("span", [.class("workout-cell-icon workout-cell-icon-paused")], [icon(.workouts)]),
                        el(
                            "span", [.class("workout-cell-text")],
                            [
                                el("strong", [], [txt(cell.name)]),
                                el(
                                    "span", [],
                                    [
                                        txt(
                                            l.t(
                                                "workouts.home.pausedAt", l.number(progress.index + 1), l.number(cell.exerciseCount),
                                                progress.exercise))
                                    ]),
                                el(
                                    "span", [.class("workout-cell-meta")],
                                    [
                                        txt(
                                            l.t("workouts.home.left", l.clock(seconds: progress.secondsLeft)) + " · "
                                                + l.t("workouts.home.pausedOn", progress.pausedOn))
                                    ]),
                            ]),
                        icon(.chevronRight),
                    ])
            ])
    }

    private static func savedCell(_ cell: Cell, context: PageContext) -> HTMLNode {
        let l = context.localizer
        let summary = l.plural("workouts.exerciseCount", count: cell.exerciseCount) + " · " + cell.minutes
        return el(
            "li",
            [
                .class("workout-cell swipe-cell"), .data("workout", cell.id),
                .data("in-progress", cell.progress == nil ? "false" : "true"), .data("resume-url", cell.resumeURL),
            ],
            [
                el("div", [.class("swipe-backdrop"), .aria("hidden", "true")], [txt(l.t("workouts.home.unsave"))]),
                el(
                    "div", [.class("swipe-content")],
                    [
                        el(
                            "a", [.class("workout-cell-link saved-link"), Attr("href", cell.startURL)],
                            [
                                el("span", [.class("workout-cell-icon")], [icon(.workouts)]),
                                el(
                                    "span", [.class("workout-cell-text")],
                                    [
                                        el("strong", [], [txt(cell.name)]),
                                        el("span", [], [txt(summary)]),
                                        el(
                                            "span", [.class("workout-cell-meta")],
                                            [txt(cell.savedOn.map { l.t("workouts.home.savedOn", $0) } ?? "")]),
                                    ]),
                            ]),
                        el(
                            "form",
                            [
                                Attr("method", "post"), Attr("action", SiteURL.workouts(.delete(id: cell.id)).path), .class("unsave-form"),
                                .data("confirm", cell.progress == nil ? "" : l.t("workouts.home.unsaveInProgress")),
                            ],
                            [
                                CSRFField.render(context.csrfToken),
                                voidEl("input", [Attr("type", "hidden"), Attr("name", "from"), Attr("value", "saved")]),
                                el(
                                    "button",
                                    [
                                        .class("button button-small unsave-button"), Attr("type", "submit"),
                                        .aria("label", l.t("workouts.home.unsaveNamed", cell.name)),
                                    ], [txt(l.t("workouts.home.unsave"))]),
                            ]),
                    ]),
            ])
    }

    /// The seed's alert when a saved workout is already in progress: resume it or start over.
    private static func inProgressDialog(_ l: Localizer) -> HTMLNode {
        el(
            "dialog",
            [
                .id("in-progress-dialog"), .class("alert"), .aria("labelledby", "in-progress-title"),
                .aria("describedby", "in-progress-message"),
            ],
            [
                el("h2", [.id("in-progress-title"), .class("alert-title")], [txt(l.t("workouts.home.inProgressAlertTitle"))]),
                el("p", [.id("in-progress-message"), .class("alert-message")], [txt(l.t("workouts.home.inProgressAlertMessage"))]),
                el(
                    "form", [Attr("method", "dialog"), .class("alert-actions alert-actions-stacked")],
                    [
                        el(
                            "button", [.class("alert-button alert-button-primary"), Attr("value", "resume")],
                            [txt(l.t("workouts.home.resume"))]),
                        el("button", [.class("alert-button"), Attr("value", "restart")], [txt(l.t("workouts.home.startOver"))]),
                        el("button", [.class("alert-button"), Attr("value", "")], [txt(l.t("alert.cancel"))]),
                    ]),
            ])
    }
}
