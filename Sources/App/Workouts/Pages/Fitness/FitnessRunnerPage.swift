import Foundation
import KineticCore

/// Testing an exercise (seed: "Testing an exercise"), one after the other: the exercise, Begin
/// (records 30 s of the phone's motion with a visible countdown, `js/workouts/fitness.js`),
/// Skip exercise (no timer), and for a computer a motion log file. After each exercise its
/// result with Track / Untrack.
enum FitnessRunnerPage {
    /// Seconds of motion a test records.
    static let recordingSeconds = 30

    struct Model {
        let report: FitnessTestReport
        /// The exercise just done, shown with its result.
        let justDone: FitnessTestReport.Item?
        let timeZone: TimeZone
        var error: String?
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let report = model.report
        let testID = report.id.uuidString
        var content: [HTMLNode] = [banner(model.error, isError: true)]
        if let done = model.justDone {
            content.append(
                FitnessResultCard.render(
                    done, returnTo: SiteURL.workouts(.fitnessTest(id: testID)).with([("done", done.exercise.id)]), timeZone: model.timeZone,
                    context: context, compact: true))
        }
        if let item = report.next {
            content.append(exerciseCard(item, position: report.position + 1, of: report.items.count, testID: testID, context: context))
        }
        return Layout.render(
            .init(
                title: l.t("fitness.runner.title"), backLink: (SiteURL.workouts(.fitness).path, l.t("workouts.tab.fitness")),
                stylesheet: WorkoutsModule.stylesheet, scripts: ["js/workouts/fitness.js"]),
            context: context, content: content
        )
    }

    private static func exerciseCard(
        _ item: FitnessTestReport.Item, position: Int, of count: Int, testID: String, context: PageContext
    ) -> HTMLNode {
        let l = context.localizer
        let exercise = item.exercise
        let formURL = SiteURL.workouts(.fitnessExercise(testID: testID, exerciseID: exercise.id)).path
        return el(
            "section",
            [
                .class("card fitness-runner"), .id("fitness-runner"), .aria("labelledby", "exercise-name"),
                .data("url", formURL), .data("done-url", SiteURL.workouts(.fitnessTest(id: testID)).with([("done", exercise.id)])),
                .data("seconds", String(recordingSeconds)), .data("csrf", context.csrfToken),
                .data("label-recording", l.t("fitness.runner.recording")), .data("label-sending", l.t("fitness.runner.sending")),
                .data("label-denied", l.t("fitness.runner.denied")), .data("label-no-motion", l.t("fitness.runner.noMotion")),
                .data("label-seconds-left", l.t("fitness.runner.secondsLeft")),
                .data("label-get-ready", l.t("fitness.runner.getReady")), .data("label-go", l.t("workouts.cue.go")),
                .data("label-stop", l.t("fitness.runner.stop")), .data("label-voice-on", l.t("workouts.player.voiceOn")),
                .data("label-voice-off", l.t("workouts.player.voiceOff")),
            ],
            [
                el("p", [.class("fitness-position")], [txt(l.t("fitness.runner.position", l.number(position), l.number(count)))]),
                el("h2", [.class("fitness-exercise-name"), .id("exercise-name")], [txt(l.exerciseName(exercise))]),
                el("p", [.class("fitness-tempo")], [txt(l.t("fitness.runner.tempo", l.number(exercise.tempo.repsPerMinute ?? 0)))]),
                el(
                    "details", [.class("fitness-howto")],
                    [
                        el("summary", [], [txt(l.t("fitness.runner.howTo"))]),
                        BodyMap.render(exercise, l: l),
                        l.exerciseInstructions(exercise).isEmpty
                            ? .empty : el("ol", [], l.exerciseInstructions(exercise).map { el("li", [], [txt($0)]) }),
                    ]),
                countdown(l),
                // Outside the ring, which hides while the rate is worked out: that is said too.
                el("p", [.class("visually-hidden"), .id("fitness-status"), Attr("role", "status"), .aria("live", "polite")], []),
                el("p", [.class("field-hint"), .id("fitness-hold")], [txt(l.t("fitness.runner.hold", l.number(recordingSeconds)))]),
                el(
                    "p", [.class("banner banner-error"), .id("fitness-motion-note"), Attr("role", "alert"), .flag("hidden")],
                    [txt(l.t("fitness.runner.secureContext"))]),
                el("noscript", [], [el("p", [.class("form-note")], [txt(l.t("fitness.runner.needsScript"))])]),
                el(
                    "div", [.class("form-actions fitness-actions")],
                    [
                        el(
                            "button",
                            [
                                .class("button button-primary button-block"), Attr("type", "button"), .id("fitness-begin"),
                                .flag("disabled"),
                            ], [txt(l.t("fitness.runner.begin"))]),
                        el(
                            "button",
                            [
                                .class("button button-quiet player-voice"), Attr("type", "button"), .id("voice-button"),
                                .aria("pressed", "true"), .flag("hidden"),
                            ], [txt(l.t("workouts.player.voiceOn"))]),
                        el(
                            "form", [Attr("method", "post"), Attr("action", formURL)],
                            [
                                CSRFField.render(context.csrfToken),
                                voidEl("input", [Attr("type", "hidden"), Attr("name", "skip"), Attr("value", "1")]),
                                el(
                                    "button",
                                    [.class("button button-secondary button-block"), Attr("type", "submit"), .id("fitness-skip")],
                                    [txt(l.t("fitness.runner.skip"))]),
                            ]),
                    ]),
                el(
                    "form",
                    [
                        Attr("method", "post"), Attr("action", formURL), Attr("enctype", "multipart/form-data"), .class("fitness-upload"),
                        .id("fitness-upload"),
                    ],
                    [
                        CSRFField.render(context.csrfToken),
                        el("label", [.class("field-label"), Attr("for", "motion-log")], [txt(l.t("fitness.runner.uploadLabel"))]),
                        el("p", [.class("field-hint"), .id("motion-log-hint")], [txt(l.t("fitness.runner.uploadHint"))]),
                        voidEl(
                            "input",
                            [
                                Attr("type", "file"), .id("motion-log"), Attr("name", "log"), Attr("accept", "application/json,.json"),
                                .flag("required"), .aria("describedby", "motion-log-hint"), .class("field-input"),
                            ]),
                        el(
                            "button", [.class("button button-secondary"), Attr("type", "submit"), .id("fitness-upload-button")],
                            [txt(l.t("fitness.runner.upload"))]),
                    ]),
            ])
    }

    /// The count-in and the recording: a ring that runs down around the seconds left, with
    /// "Get ready" or "Go" under them; a screen reader hears the status line instead. It takes
    /// the keyboard's focus while Begin is hidden.
    private static func countdown(_ l: Localizer) -> HTMLNode {
        let circle = { (name: String, id: String?) -> HTMLNode in
            el(
                "circle",
                [.class(name), Attr("cx", "60"), Attr("cy", "60"), Attr("r", "54"), Attr("pathLength", "1")] + (id.map { [.id($0)] } ?? []),
                [])
        }
        return el(
            "div", [.class("fitness-countdown"), .id("fitness-countdown"), Attr("tabindex", "-1"), .flag("hidden")],
            [
                el(
                    "svg", [.class("fitness-ring"), Attr("viewBox", "0 0 120 120"), .aria("hidden", "true")],
                    [circle("fitness-ring-track", nil), circle("fitness-ring-left", "fitness-ring")]),
                el(
                    "div", [.class("fitness-countdown-text"), .aria("hidden", "true")],
                    [
                        el("span", [.class("fitness-countdown-number"), .id("fitness-seconds")], [txt(l.number(recordingSeconds))]),
                        el("span", [.class("fitness-countdown-caption"), .id("fitness-caption")], [txt(l.t("fitness.runner.getReady"))]),
                    ]),
            ])
    }
}
