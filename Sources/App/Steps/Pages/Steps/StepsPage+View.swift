import KineticCore

/// The Steps page (seed: "MySteps"): the month's line chart, the month total and the
/// achievement badges, or an empty state that explains how to bring data in; and the import.
enum StepsPage {
    struct Model {
        let month: Month
        let previousMonth: Month?
        let nextMonth: Month?
        /// Steps by day of the month, from the stored samples (the chart's source of truth).
        let chart: StepChartGeometry
        /// The month's total from the daily-totals cache (the achievements' source).
        let monthTotal: Int
        /// The badges drawn (at most ``StepAchievements/maximumShown``).
        let badges: [Int]
        /// Every badge the month earned, drawn or not.
        let badgeCount: Int
        let hasAnyData: Bool
        let isCurrentMonth: Bool
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        var content: [HTMLNode] = []
        if model.hasAnyData {
            content += [
                MonthBar.render(month: model.month, previous: model.previousMonth, next: model.nextMonth, link: { SiteURL.steps(month: $0.description) }, l: l),
                el("p", [.class("steps-total")], [
                    el("strong", [], [txt(l.number(model.monthTotal))]),
                    txt(" " + l.aboutMonth("steps.totalSuffix", model.month, isCurrent: model.isCurrentMonth)),
                ]),
                el("section", [.class("card chart-card"), .aria("labelledby", "chart-title")], [
                    el("h2", [.class("card-title"), .id("chart-title")], [txt(l.t("steps.chartTitle"))]),
                    StepsChart.render(model.chart, month: model.month, l: l),
                ]),
                achievements(model, l: l),
            ]
        } else {
            content.append(emptyState(l))
        }
        content.append(importCard(model, context: context))
        content.append(sourcesLink(l))
        return Layout.render(.init(title: l.t("nav.steps"), scripts: ["js/steps/steps.js"], bodyClass: "steps-body"), context: context, content: [
            el("div", [.id("steps-page"), .data("current-month", model.isCurrentMonth ? "true" : "false")], content),
        ])
    }

    private static func achievements(_ model: Model, l: Localizer) -> HTMLNode {
        let row: HTMLNode = model.badges.isEmpty
            ? el("p", [.class("badges-empty")], [txt(l.aboutMonth("steps.noAchievements", model.month, isCurrent: model.isCurrentMonth))])
            : el("ol", [.class("badge-row"), .aria("label", l.t("steps.achievements"))], model.badges.enumerated().map { index, threshold in
                el("li", [.class("badge-item")], [AchievementBadge.render(level: index + 1, threshold: threshold, l: l)])
            } + moreBadges(model, l: l))
        return el("section", [.class("achievements"), .aria("labelledby", "achievements-title")], [
            el("h2", [.class("section-title"), .id("achievements-title")], [txt(l.t("steps.achievements"))]),
            row,
        ])
    }

    /// A last item counting the badges not drawn, when there are more than a page shows.
    private static func moreBadges(_ model: Model, l: Localizer) -> [HTMLNode] {
        let hidden = model.badgeCount - model.badges.count
        guard hidden > 0 else { return [] }
        return [el("li", [.class("badge-item badge-more")], [txt(l.t("steps.moreBadges", l.number(hidden)))])]
    }

    private static func emptyState(_ l: Localizer) -> HTMLNode {
        el("section", [.class("empty-state steps-empty")], [
            el("span", [.class("empty-state-icon")], [icon(.steps)]),
            el("h2", [], [txt(l.t("steps.empty.title"))]),
            el("p", [], [txt(l.t("steps.empty.message"))]),
            el("ol", [.class("steps-howto")], [
                el("li", [], [txt(l.t("steps.empty.step1"))]),
                el("li", [], [txt(l.t("steps.empty.step2"))]),
                el("li", [], [txt(l.t("steps.empty.step3"))]),
            ]),
            el("p", [.class("form-note")], [txt(l.t("steps.empty.automation"))]),
        ])
    }

    private static func sourcesLink(_ l: Localizer) -> HTMLNode {
        el("nav", [.class("card list-card"), .aria("label", l.t("steps.sourcesLink"))], [
            SettingsPage.row(href: SiteURL.stepSources.path, title: l.t("steps.sourcesLink"), detail: l.t("steps.sourcesDetail")),
        ])
    }

    private static func importCard(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        return el("section", [.class("card import-card"), .aria("labelledby", "import-title")], [
            el("h2", [.class("card-title"), .id("import-title")], [txt(l.t("steps.import.title"))]),
            el("form", [
                .class("form import-form"), .id("import-form"), Attr("method", "post"), Attr("action", SiteURL.stepsImport.path),
                .data("csrf", context.csrfToken), .data("done-message", l.t("steps.import.done")),
                .data("working-message", l.t("steps.import.working")), .data("error-message", l.t("steps.import.failed")),
            ], [
                el("label", [Attr("for", "import-file"), .class("field-label")], [txt(l.t("steps.import.label"))]),
                voidEl("input", [.id("import-file"), Attr("type", "file"), Attr("name", "export"), Attr("accept", ".zip,.xml,application/zip,text/xml"), .class("field-input"), .flag("required")]),
                el("div", [.class("import-progress"), .flag("hidden")], [
                    el("progress", [.id("import-progress"), Attr("max", "100"), Attr("value", "0"), .aria("label", l.t("steps.import.progress"))]),
                    el("p", [.class("import-status"), Attr("role", "status"), .aria("live", "polite")]),
                ]),
                el("button", [.class("button button-primary button-block"), Attr("type", "submit")], [txt(l.t("steps.import.submit"))]),
            ]),
        ])
    }
}
