import Foundation
import KineticCore

/// Fitness (seed: "Getting full fitness test"): the overall level, the start of a test (the
/// category, then how many exercises), the tracked exercises with their levels (each can be
/// untracked), and earlier tests leading to their results.
enum FitnessPage {
    struct PastTest {
        let id: String
        let date: String
        let category: Exercise.Category
        let exercises: Int
        let level: Int?
        let complete: Bool
    }

    struct Model {
        var overall: Int?
        var tracked: [(exercise: Exercise, level: Int?)]
        var tests: [PastTest]
        var notice: String?
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let content: [HTMLNode] = [
            WorkoutsTabs.render(.fitness, l: l),
            banner(model.notice, isError: false),
            levelCard(model.overall, l: l),
            startForm(l),
            trackedList(model, context: context),
            model.tests.isEmpty ? .empty : pastTests(model.tests, l: l),
        ]
        return Layout.render(
            .init(title: l.t("fitness.pageTitle"), stylesheet: WorkoutsModule.stylesheet), context: context, content: content)
    }

    private static func levelCard(_ overall: Int?, l: Localizer) -> HTMLNode {
        el(
            "section", [.class("card fitness-level-card"), .aria("labelledby", "overall-level")],
            [
                el("h2", [.class("fitness-level-title"), .id("overall-level")], [txt(l.t("fitness.overall"))]),
                overall.map { LevelMeter.render(level: $0, l: l, large: true, note: LevelMeter.scale(l)) }
                    ?? el("p", [.class("fitness-level-none")], [txt(l.t("fitness.noLevelYet"))]),
            ])
    }

    /// Step 1 and 2 of the seed: the category, then how many exercises (a GET to the picker).
    private static func startForm(_ l: Localizer) -> HTMLNode {
        el(
            "form", [Attr("method", "get"), Attr("action", SiteURL.workouts(.newFitnessTest).path), .class("form"), .id("fitness-start")],
            [
                el("h2", [.class("section-title")], [txt(l.t("fitness.start.title"))]),
                ChoiceFields.segmented(
                    name: "category", legend: l.t("fitness.start.category"),
                    options: FitnessTestPlan.categories.map { ($0.rawValue, l.category($0)) },
                    chosen: Exercise.Category.plyometrics.rawValue,
                    hint: l.t("fitness.start.categoryHint"), error: nil
                ),
                ChoiceFields.segmented(
                    name: "count", legend: l.t("fitness.start.count"),
                    options: (1...5).map { (String($0), l.number($0)) }, chosen: "3", hint: nil, error: nil
                ),
                ChoiceFields.chips(
                    name: "equipment", legend: l.t("fitness.start.equipment"), hint: l.t("fitness.start.equipmentHint"),
                    options: Exercise.Equipment.allCases.filter { $0 != .bodyweight }.map { ($0.rawValue, l.equipment($0)) },
                    chosen: [], error: nil),
                el(
                    "button", [.class("button button-primary button-block"), Attr("type", "submit"), .id("fitness-start-button")],
                    [txt(l.t("fitness.start.next"))]),
            ])
    }

    private static func trackedList(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        guard !model.tracked.isEmpty else {
            return el(
                "section", [.class("card"), .id("tracked")],
                [
                    el("h2", [.class("card-title")], [txt(l.t("fitness.tracked.title"))]),
                    el("p", [.class("field-hint")], [txt(l.t("fitness.tracked.empty"))]),
                ])
        }
        return el(
            "section", [.class("card"), .id("tracked"), .aria("labelledby", "tracked-title")],
            [
                el("h2", [.class("card-title"), .id("tracked-title")], [txt(l.t("fitness.tracked.title"))]),
                el(
                    "ul", [.class("tracked-list")],
                    model.tracked.map { item in
                        el(
                            "li", [.class("tracked-row"), .data("exercise", item.exercise.id)],
                            [
                                el(
                                    "span", [.class("list-row-text")],
                                    [
                                        el("strong", [], [txt(l.exerciseName(item.exercise))]),
                                        el(
                                            "span", [],
                                            [
                                                txt(
                                                    l.category(item.exercise.category) + " · "
                                                        + (item.level.map { l.t("fitness.levelN", l.number($0)) }
                                                            ?? l.t("fitness.notTested")))
                                            ]),
                                    ]),
                                TrackButton.render(
                                    exercise: item.exercise, tracked: true, returnTo: SiteURL.workouts(.fitness).path, context: context),
                            ])
                    }),
            ])
    }

    private static func pastTests(_ tests: [PastTest], l: Localizer) -> HTMLNode {
        el(
            "section", [.class("card"), .id("past-tests"), .aria("labelledby", "past-tests-title")],
            [
                el("h2", [.class("card-title"), .id("past-tests-title")], [txt(l.t("fitness.past.title"))]),
                el(
                    "ul", [.class("link-list")],
                    tests.map { test in
                        let href =
                            test.complete
                            ? SiteURL.workouts(.fitnessResults(id: test.id)).path : SiteURL.workouts(.fitnessTest(id: test.id)).path
                        let detail = [
                            l.category(test.category), l.plural("fitness.exerciseCount", count: test.exercises),
                            test.complete ? test.level.map { l.t("fitness.levelN", l.number($0)) } : l.t("fitness.past.unfinished"),
                        ].compactMap { $0 }.joined(separator: " · ")
                        return el(
                            "li", [],
                            [
                                el(
                                    "a", [Attr("href", href), .class("link-row")],
                                    [
                                        el(
                                            "span", [.class("list-row-text")],
                                            [el("strong", [], [txt(test.date)]), el("span", [], [txt(detail)])]),
                                        icon(.chevronRight),
                                    ])
                            ])
                    }),
            ])
    }
}

/// A level 1–10 as a labelled meter of ten steps ("Level 4 of 10"), filled steps solid and the
/// others outlined, with what the level means below it when `note` is given.
enum LevelMeter {
    static func render(level: Int, l: Localizer, large: Bool = false, note: String? = nil) -> HTMLNode {
        let top = FitnessLevel.levels.upperBound
        return el(
            "div", [.class(large ? "level-meter level-meter-large" : "level-meter")],
            [
                el(
                    "div", [.class("level-meter-row")],
                    [
                        el(
                            "span", [.class("level-meter-value"), .aria("hidden", "true")],
                            [
                                txt(l.t("fitness.levelN", l.number(level))),
                                el("span", [.class("level-meter-of")], [txt(" " + l.t("fitness.levelOfTop", l.number(top)))]),
                            ]),
                        el(
                            "span",
                            [
                                .class("level-meter-bar"), Attr("role", "meter"), .aria("valuemin", "1"), .aria("valuemax", String(top)),
                                .aria("valuenow", String(level)), .aria("label", l.t("fitness.levelOf", l.number(level), l.number(top))),
                            ],
                            FitnessLevel.levels.map { step in
                                el("span", [.class(step <= level ? "level-step level-step-on" : "level-step")], [])
                            }),
                    ]),
                note.map { el("p", [.class("level-meter-note")], [txt($0)]) } ?? .empty,
            ])
    }

    /// How the scale works, for the overall level's card.
    static func scale(_ l: Localizer) -> String {
        let step = Int(((FitnessLevel.stepRatio - 1) * 100).rounded())
        let top = FitnessLevel.levels.upperBound
        let topRatio = pow(FitnessLevel.stepRatio, Double(top - FitnessLevel.workoutPaceLevel))
        return l.t(
            "fitness.scale", l.number(FitnessLevel.workoutPaceLevel), l.percent(step), l.number(top),
            l.decimal(topRatio, fractionDigits: 1))
    }

    /// A measured rate beside the starting pace: "25 % faster than the starting pace", in whole
    /// percent towards zero (12.5 % is "12 %").
    static func pace(_ ratio: Double, l: Localizer) -> String {
        let percent = Int(((ratio - 1) * 100 + (ratio >= 1 ? 1e-9 : -1e-9)).rounded(.towardZero))
        if percent == 0 { return l.t("fitness.pace.same") }
        return l.t(percent > 0 ? "fitness.pace.faster" : "fitness.pace.slower", l.percent(abs(percent)))
    }
}

/// Track / Untrack (seed: "Tracking and untracking exercises"): a form that sets the tracked bit
/// of every row of the exercise and comes back to `returnTo`.
enum TrackButton {
    static func render(exercise: Exercise, tracked: Bool, returnTo: String, context: PageContext) -> HTMLNode {
        let l = context.localizer
        return el(
            "form", [Attr("method", "post"), Attr("action", SiteURL.workouts(.track(exerciseID: exercise.id)).path), .class("track-form")],
            [
                CSRFField.render(context.csrfToken),
                voidEl("input", [Attr("type", "hidden"), Attr("name", "tracked"), Attr("value", tracked ? "0" : "1")]),
                voidEl("input", [Attr("type", "hidden"), Attr("name", "return"), Attr("value", returnTo)]),
                el(
                    "button",
                    [
                        .class(
                            tracked ? "button button-small button-quiet track-button" : "button button-small button-secondary track-button"),
                        Attr("type", "submit"),
                        .aria("label", l.t(tracked ? "fitness.untrackNamed" : "fitness.trackNamed", l.exerciseName(exercise))),
                    ],
                    [
                        txt(l.t(tracked ? "fitness.untrack" : "fitness.track"))
                    ]),
            ])
    }
}
