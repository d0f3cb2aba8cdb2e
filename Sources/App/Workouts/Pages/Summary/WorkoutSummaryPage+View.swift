import KineticCore

/// Workout Summary (seed: "Workout summary"): a cell per exercise — name, songs, equipment,
/// reps a minute, duration — scrollable, and Start Workout. After the last exercise the player
/// comes back here to Save or Quit.
enum WorkoutSummaryPage {
    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let plan = model.details.plan
        var content: [HTMLNode] = [banner(model.notice, isError: false)]
        if model.justFinished {
            let counts = model.finish?.counts ?? true
            let worked = model.finish?.workedSeconds.map { l.clock(seconds: $0) }
            let planned = model.finish?.plannedWorkSeconds.map { l.clock(seconds: $0) }
            content.append(
                el(
                    "section",
                    [
                        .class(counts ? "card finished-card" : "card finished-card finished-partial"), Attr("role", "status"),
                        Attr("tabindex", "-1"), .id("finished"),
                    ],
                    [
                        el("h2", [], [txt(l.t(counts ? "workouts.summary.finishedTitle" : "workouts.summary.partialTitle"))]),
                        counts
                            ? el("p", [], [txt(l.t(model.isSaved ? "workouts.summary.finishedSaved" : "workouts.summary.finishedMessage"))])
                            : el("p", [], [txt(l.t("workouts.summary.partialMessage", worked ?? "0:00", planned ?? "0:00"))]),
                        counts
                            ? (worked.map { worked in
                                el("p", [.class("finished-effort")], [txt(l.t("workouts.summary.worked", worked, planned ?? worked))])
                            } ?? .empty) : .empty,
                    ]))
        }
        content += [
            el(
                "section", [.class("card summary-card"), .aria("labelledby", "summary-name")],
                [
                    el("h2", [.id("summary-name"), .class("summary-name")], [txt(model.name)]),
                    el(
                        "dl", [.class("summary-stats")],
                        [
                            stat(l.t("workouts.summary.exercises"), l.number(Set(model.details.steps.map(\.exercise.id)).count)),
                            stat(l.t("workouts.summary.duration"), l.minutes(seconds: plan.totalSeconds)),
                            stat(
                                l.t("workouts.summary.rounds"),
                                l.number(Set(model.details.steps.filter { $0.plan.part == .main }.map(\.plan.round)).count)),
                        ]),
                    el(
                        "p", [.class("summary-themes")],
                        [txt(l.t("workouts.summary.level", l.level(model.details.selection.selection.level)))]),
                    el("p", [.class("summary-themes")], [txt(musicLine(model, l: l))]),
                    model.details.easierExercises.map { easier in
                        el(
                            "p", [.class("music-note music-note-warning"), .id("level-note")],
                            [
                                txt(
                                    l.t(
                                        "workouts.summary.easier", l.number(easier.atLevel), l.number(easier.of),
                                        l.level(model.details.selection.selection.level)))
                            ])
                    } ?? .empty,
                    plan.cardioFromJumps
                        ? el("p", [.class("music-note"), .id("cardio-note")], [txt(l.t("workouts.summary.cardioFromJumps"))]) : .empty,
                ])
        ]
        for section in model.details.sections {
            let title =
                section.part == .main
                ? (section.rounds > 1 ? l.t("workouts.summary.block", l.number(section.rounds)) : l.t("workouts.summary.main"))
                : l.t(section.part == .warmUp ? "workouts.summary.warmUp" : "workouts.summary.coolDown")
            content.append(el("h2", [.class("section-title")], [txt(title)]))
            content.append(
                el(
                    "ol", [.class("exercise-list")],
                    section.steps.map { step in
                        exerciseCell(
                            step, l: l,
                            trailing: model.justFinished && FitnessTestPlan.isTestable(step.exercise)
                                ? TrackButton.render(
                                    exercise: step.exercise, tracked: model.tracked.contains(step.exercise.id),
                                    returnTo: SiteURL.workouts(.summary(id: model.id)).with([("finished", "1")]), context: context
                                ) : .empty)
                    }))
        }
        content += [
            actions(model, context: context)
        ]
        return Layout.render(
            .init(
                title: l.t("workouts.summary.title"), backLink: (SiteURL.module(.workouts).path, l.t("nav.workouts")),
                stylesheet: WorkoutsModule.stylesheet, scripts: ["js/workouts/summary.js"]),
            context: context, content: content
        )
    }

    /// Where the music comes from: the chosen themes, all the user's songs, or none yet (the
    /// click track keeps the beat).
    private static func musicLine(_ model: Model, l: Localizer) -> String {
        if model.details.soundtrack.allSatisfy({ $0.song == nil }) { return l.t("workouts.summary.clickOnly") }
        return model.themeNames.isEmpty ? l.t("workouts.summary.allMusic") : l.t("workouts.summary.themes", l.listJoined(model.themeNames))
    }

    private static func stat(_ label: String, _ value: String) -> HTMLNode {
        el("div", [.class("summary-stat")], [el("dt", [], [txt(label)]), el("dd", [], [txt(value)])])
    }

    /// One exercise: what it is, what it needs, how fast, how long, and its music.
    static func exerciseCell(_ step: WorkoutDetails.Step, l: Localizer, trailing: HTMLNode = .empty) -> HTMLNode {
        el(
            "li", [.class("card exercise-cell")],
            [
                el(
                    "div", [.class("exercise-cell-head")],
                    [
                        el("span", [.class("exercise-number"), .aria("hidden", "true")], [txt(l.number(step.index + 1))]),
                        el("h3", [.class("exercise-name")], [txt(l.exerciseName(step.exercise))]),
                        el(
                            "span", [.class("exercise-duration")],
                            [
                                el("span", [.class("visually-hidden")], [txt(l.t("workouts.summary.durationLabel") + " ")]),
                                txt(l.clock(seconds: step.seconds)),
                            ]),
                    ]),
                el(
                    "ul", [.class("exercise-facts")],
                    (l.exerciseFacts(step.exercise, tempo: step.tempo) + [l.level(step.exercise.level)]).map { el("li", [], [txt($0)]) }),
                songs(step, l: l),
                el(
                    "details", [.class("exercise-howto")],
                    [
                        el(
                            "summary", [.aria("label", l.t("workouts.summary.howToFor", l.exerciseName(step.exercise)))],
                            [txt(l.t("workouts.player.howTo"))]),
                        BodyMap.render(step.exercise, l: l),
                        l.exerciseInstructions(step.exercise).isEmpty
                            ? .empty
                            : el(
                                "ol", [.class("exercise-instructions")],
                                l.exerciseInstructions(step.exercise).map { el("li", [], [txt($0)]) }),
                    ]),
                trailing,
            ])
    }

    private static func songs(_ step: WorkoutDetails.Step, l: Localizer) -> HTMLNode {
        let note = l.musicNote(step).map { el("p", [.class("music-note music-note-warning")], [txt($0)]) } ?? .empty
        guard !step.songs.isEmpty else { return note }
        return el(
            "div", [.class("exercise-music")],
            [
                note,
                el(
                    "ul", [.class("song-lines"), .aria("label", l.t("workouts.summary.songs"))],
                    step.songs.map { song in
                        el(
                            "li", [],
                            [
                                el("span", [.class("song-glyph"), .aria("hidden", "true")], [txt("♪")]),
                                el(
                                    "span", [],
                                    [
                                        txt(song.record.title ?? l.t("workouts.music.untitled")),
                                        song.record.artist.map { el("span", [.class("song-artist")], [txt(" · " + $0)]) } ?? .empty,
                                    ]),
                                el("span", [.class("song-rate")], [txt(l.percent(Int((song.rate * 100).rounded())))]),
                            ])
                    }),
            ])
    }

    private static func actions(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        let play = SiteURL.workouts(.play(id: model.id)).path
        var secondary: [HTMLNode] = []
        if !model.isSaved {
            secondary.append(
                postButton(
                    SiteURL.workouts(.save(id: model.id)).path, label: l.t("workouts.summary.save"), id: "save-workout",
                    className: "button button-secondary", hidden: model.justFinished ? [("finished", "1")] : [], context: context))
            secondary.append(
                postButton(
                    SiteURL.workouts(.delete(id: model.id)).path, label: l.t("workouts.summary.quit"), id: "quit-workout",
                    className: "button button-quiet", context: context))
        } else if model.justFinished {
            secondary.append(
                el(
                    "a", [.class("button button-secondary"), Attr("href", SiteURL.module(.workouts).path), .id("done-workout")],
                    [txt(l.t("workouts.summary.done"))]))
        }
        return el(
            "div", [.class("form-actions summary-actions")],
            [
                el(
                    "a", [.class("button button-primary button-block"), Attr("href", play), .id("start-workout")],
                    [
                        txt(l.t(model.justFinished ? "workouts.summary.startAgain" : "workouts.summary.start"))
                    ]),
                secondary.isEmpty ? .empty : el("div", [.class("summary-secondary")], secondary),
            ])
    }

    private static func postButton(
        _ action: String, label: String, id: String, className: String, hidden: [(String, String)] = [], context: PageContext
    ) -> HTMLNode {
        el(
            "form", [Attr("method", "post"), Attr("action", action)],
            [
                CSRFField.render(context.csrfToken)
            ] + hidden.map { name, value in voidEl("input", [Attr("type", "hidden"), Attr("name", name), Attr("value", value)]) } + [
                el("button", [.class(className), Attr("type", "submit"), .id(id)], [txt(label)])
            ])
    }
}
