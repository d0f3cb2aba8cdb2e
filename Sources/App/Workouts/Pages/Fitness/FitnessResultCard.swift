import Foundation
import KineticCore

/// One exercise's result in a test: the rate and reps (or skipped, or nothing repeated), the
/// level beside the previous one, earlier results, and Track / Untrack.
enum FitnessResultCard {
    static func render(
        _ item: FitnessTestReport.Item, returnTo: String, timeZone: TimeZone, context: PageContext, compact: Bool = false
    ) -> HTMLNode {
        let l = context.localizer
        let result = item.result
        let summary: String =
            switch (result?.skipped, result?.repsPerMinute) {
            case (true?, _): l.t("fitness.result.skipped")
            case (_, let rate?):
                l.t("fitness.perMinute", l.number(Int(rate.rounded()))) + " · " + l.plural("fitness.repCount", count: result?.reps ?? 0)
            case (false?, nil): l.t("fitness.result.noRepetitions")
            default: l.t("fitness.result.notYet")
            }
        return el(
            "article",
            [.class("card fitness-result"), .data("exercise", item.exercise.id), .aria("labelledby", "result-\(item.exercise.id)")],
            [
                el(
                    "div", [.class("fitness-result-head")],
                    [
                        el("h2", [.class("card-title"), .id("result-\(item.exercise.id)")], [txt(l.exerciseName(item.exercise))]),
                        item.levelledUp ? el("span", [.class("badge badge-up")], [txt(l.t("fitness.result.levelledUp"))]) : .empty,
                    ]),
                el("p", [.class("fitness-rate")], [txt(summary)]),
                item.level.map { level in
                    // The rate as shown above it: "45 a minute" is 12 % faster than 40.
                    let ratio = result?.repsPerMinute.flatMap {
                        FitnessLevel.paceRatio(repsPerMinute: $0.rounded(), tempo: item.exercise.tempo)
                    }
                    return LevelMeter.render(level: level, l: l, note: ratio.map { LevelMeter.pace($0, l: l) })
                } ?? .empty,
                item.previousLevel.map { el("p", [.class("field-hint")], [txt(l.t("fitness.result.previousLevel", l.number($0)))]) }
                    ?? .empty,
                compact || item.previous.isEmpty
                    ? .empty
                    : el(
                        "div", [.class("fitness-previous")],
                        [
                            el("h3", [.class("fitness-previous-title")], [txt(l.t("fitness.result.previous"))]),
                            el(
                                "ul", [],
                                item.previous.map { row in
                                    el(
                                        "li", [],
                                        [
                                            txt(
                                                l.fullDate(row.recordedAt, in: timeZone) + ": "
                                                    + (row.repsPerMinute.map { l.t("fitness.perMinute", l.number(Int($0.rounded()))) }
                                                        ?? "–")
                                                    + (row.level.map { " · " + l.t("fitness.levelN", l.number($0)) } ?? ""))
                                        ])
                                }),
                        ]),
                TrackButton.render(exercise: item.exercise, tracked: item.tracked, returnTo: returnTo, context: context),
            ])
    }
}
