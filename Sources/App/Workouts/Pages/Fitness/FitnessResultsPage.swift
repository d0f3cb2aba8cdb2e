import Foundation
import KineticCore

/// The results of a fitness test (seed step 6): this test's rate per exercise beside earlier
/// results, each level, the overall level and whether the user levelled up.
enum FitnessResultsPage {
    static func render(_ report: FitnessTestReport, timeZone: TimeZone, context: PageContext) -> String {
        let l = context.localizer
        let testID = report.id.uuidString
        let returnTo = SiteURL.workouts(.fitnessResults(id: testID)).path
        // Like with like: this test's exercises against their own earlier levels.
        let headline: String =
            switch (report.overallAfter, report.overallBefore, report.comparison) {
            case (nil, _, _): l.t("fitness.results.noLevel")
            case (_?, nil, _): l.t("fitness.results.firstLevel")
            case (_?, _?, nil): l.t("fitness.results.newExercises")
            case (_?, _?, let compared?) where compared.after > compared.before:
                l.t("fitness.results.levelledUp", l.number(compared.before))
            case (_?, _?, let compared?) where compared.after < compared.before:
                l.t("fitness.results.levelDown", l.number(compared.before))
            default: l.t("fitness.results.levelSame")
            }
        var content: [HTMLNode] = [
            el(
                "section",
                [
                    .class(report.levelledUp ? "card fitness-level-card fitness-levelled-up" : "card fitness-level-card"), .id("overall"),
                    .aria("labelledby", "overall-title"),
                ],
                [
                    el("h2", [.class("fitness-level-title"), .id("overall-title")], [txt(l.t("fitness.overall"))]),
                    report.overallAfter.map { LevelMeter.render(level: $0, l: l, large: true, note: LevelMeter.scale(l)) } ?? .empty,
                    el("p", [.class("fitness-headline"), .id("overall-headline")], [txt(headline)]),
                ])
        ]
        content += report.items.map { FitnessResultCard.render($0, returnTo: returnTo, timeZone: timeZone, context: context) }
        content.append(
            el(
                "a", [.class("button button-primary button-block"), Attr("href", SiteURL.workouts(.fitness).path)],
                [txt(l.t("fitness.results.done"))]))
        return Layout.render(
            .init(
                title: l.t("fitness.results.title"), backLink: (SiteURL.workouts(.fitness).path, l.t("workouts.tab.fitness")),
                stylesheet: WorkoutsModule.stylesheet),
            context: context, content: content
        )
    }
}
