import KineticCore

/// The Steps page (seed: "MySteps"): the month's line chart, the month total and the
/// achievement badges, or an empty state that explains how to bring data in; and the import.
enum StepsPage {
    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        var content: [HTMLNode] = []
        if model.justImported, let lastImport = model.lastImport {
            content.append(importResult(lastImport.summary, month: model.month, l: l))
        }
        if model.hasAnyData {
            content += [
                MonthBar.render(
                    .init(
                        navigation: model.navigation, action: SiteURL.module(.steps).path, link: { SiteURL.steps(month: $0.description) }),
                    l: l),
                el(
                    "p", [.class("steps-total")],
                    [
                        el("strong", [], [txt(l.number(model.monthTotal))]),
                        txt(" " + l.aboutMonth("steps.totalSuffix", model.month, isCurrent: model.isCurrentMonth)),
                    ]),
                el(
                    "section", [.class("card chart-card"), .aria("labelledby", "chart-title")],
                    [
                        el("h2", [.class("card-title"), .id("chart-title")], [txt(l.t("steps.chartTitle"))]),
                        StepsChart.render(model.chart, month: model.month, l: l),
                        model.chart.points.last(where: { $0.steps > 0 }).map { point in
                            el(
                                "a",
                                [
                                    .class("card-link"),
                                    Attr(
                                        "href",
                                        SiteURL.stepsDay(
                                            LocalDate(year: model.month.year, month: model.month.month, day: point.day)?.description
                                        ).path),
                                ],
                                [txt(l.t("steps.day.why"))])
                        } ?? .empty,
                    ]),
                // What of the month is set aside as more than a person takes, a tap from its first day.
                model.setAside.map { setAside in
                    el(
                        "nav", [.class("card list-card set-aside"), .aria("label", l.t("steps.setAside.title"))],
                        [
                            ListRow.render(
                                href: SiteURL.stepsDay(setAside.firstDay.description).path, title: l.t("steps.setAside.title"),
                                detail: l.plural("steps.setAside.month", count: setAside.count))
                        ])
                } ?? .empty,
                achievements(model, l: l),
            ]
        } else {
            content.append(emptyState(l))
        }
        content.append(importCard(model, context: context))
        content.append(sourcesLink(l))
        return Layout.render(
            .init(title: l.t("nav.steps"), stylesheet: StepsModule.stylesheet, scripts: ["js/steps/steps.js"], bodyClass: "steps-body"),
            context: context,
            content: [
                el("div", [.id("steps-page"), .data("current-month", model.isCurrentMonth ? "true" : "false")], content)
            ])
    }

    private static func achievements(_ model: Model, l: Localizer) -> HTMLNode {
        let row: HTMLNode =
            model.badges.isEmpty
            ? el("p", [.class("badges-empty")], [txt(l.aboutMonth("steps.noAchievements", model.month, isCurrent: model.isCurrentMonth))])
            : el(
                // Focusable, so a keyboard scrolls it too.
                "ol", [.class("badge-row"), .aria("label", l.t("steps.achievements")), Attr("tabindex", "0")],
                model.badges.enumerated().map { index, threshold in
                    el("li", [.class("badge-item")], [AchievementBadge.render(level: index + 1, threshold: threshold, l: l)])
                } + moreBadges(model, l: l))
        return el(
            "section", [.class("achievements"), .aria("labelledby", "achievements-title")],
            [
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
        EmptyState.render(
            icon: .steps, title: l.t("steps.empty.title"), message: l.t("steps.empty.message"), className: "steps-empty",
            more: [
                el(
                    "ol", [.class("steps-howto")],
                    [
                        el("li", [], [txt(l.t("steps.empty.step1"))]),
                        el("li", [], [txt(l.t("steps.empty.step2"))]),
                        el("li", [], [txt(l.t("steps.empty.step3"))]),
                    ]),
                el("p", [.class("form-note")], [txt(l.t("steps.empty.automation"))]),
            ])
    }

    private static func sourcesLink(_ l: Localizer) -> HTMLNode {
        el(
            "nav", [.class("card list-card"), .aria("label", l.t("steps.sourcesLink"))],
            [
                ListRow.render(href: SiteURL.stepSources.path, title: l.t("steps.sourcesLink"), detail: l.t("steps.sourcesDetail"))
            ])
    }

    private static func importCard(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        return el(
            "section", [.class("card import-card"), .aria("labelledby", "import-title")],
            [
                el("h2", [.class("card-title"), .id("import-title")], [txt(l.t("steps.import.title"))]),
                model.lastImport.map { lastImport in
                    el(
                        "div", [.class("import-last")],
                        [
                            el("h3", [.class("import-last-title")], [txt(l.t("steps.import.last", l.fullDate(lastImport.day)))]),
                            importFigures(lastImport.summary, l: l),
                        ])
                } ?? .empty,
                el(
                    "form",
                    [
                        .class("form import-form"), .id("import-form"), Attr("method", "post"), Attr("action", SiteURL.stepsImport.path),
                        .data("csrf", context.csrfToken), .data("done-message", l.t("steps.import.done")),
                        .data("page", SiteURL.module(.steps).path),
                        .data("working-message", l.t("steps.import.working")), .data("error-message", l.t("steps.import.failed")),
                    ],
                    [
                        el("label", [Attr("for", "import-file"), .class("field-label")], [txt(l.t("steps.import.label"))]),
                        voidEl(
                            "input",
                            [
                                .id("import-file"), Attr("type", "file"), Attr("name", "export"),
                                Attr("accept", ".zip,.xml,application/zip,text/xml"), .class("field-input"), .flag("required"),
                            ]),
                        el(
                            "div", [.class("import-progress"), .flag("hidden")],
                            [
                                el(
                                    "progress",
                                    [
                                        .id("import-progress"), Attr("max", "100"), Attr("value", "0"),
                                        .aria("label", l.t("steps.import.progress")),
                                    ]),
                                el("p", [.class("import-status"), Attr("role", "status"), .aria("live", "polite")]),
                            ]),
                        el(
                            "button", [.class("button button-primary button-block"), Attr("type", "submit")],
                            [txt(l.t("steps.import.submit"))]),
                    ]),
            ])
    }

    /// The banner the page opens with after an import: what it read, and which month is shown.
    private static func importResult(_ summary: StepImport, month: Month, l: Localizer) -> HTMLNode {
        el(
            "section",
            [
                .class("card import-result"), Attr("role", "status"), .aria("labelledby", "import-result-title"), Attr("tabindex", "-1"),
                .id("import-result"),
            ],
            [
                el("h2", [.class("card-title"), .id("import-result-title")], [txt(l.t("steps.import.finished"))]),
                importFigures(summary, l: l),
                summary.days == nil ? .empty : el("p", [.class("form-note")], [txt(l.t("steps.import.showing", l.month(month)))]),
            ])
    }

    /// An import's figures: records read, days with steps, the dates covered, samples skipped.
    private static func importFigures(_ summary: StepImport, l: Localizer) -> HTMLNode {
        var rows: [(String, String)] = [
            (l.t("steps.import.recordsRead"), l.number(summary.recordsRead)),
            (l.t("steps.import.daysWithSteps"), l.number(summary.daysUpdated)),
        ]
        if let days = summary.days {
            rows.append(
                (l.t("steps.import.dates"), l.t("steps.import.dateRange", l.fullDate(days.lowerBound), l.fullDate(days.upperBound))))
        }
        // What a newer export changed: days whose records differed, records deleted in Health.
        if summary.daysChanged > 0 || summary.samplesRemoved > 0 {
            rows.append(
                (
                    l.t("steps.import.changed"),
                    l.t(
                        "steps.import.changes", l.plural("steps.import.daysChanged", count: summary.daysChanged),
                        l.plural("steps.import.recordsRemoved", count: summary.samplesRemoved))
                ))
        }
        if summary.samplesSkipped > 0 {
            rows.append((l.t("steps.import.skipped"), l.number(summary.samplesSkipped)))
        }
        return el(
            "dl", [.class("detail-list import-figures")],
            rows.map { label, value in
                el("div", [.class("detail-row")], [el("dt", [], [txt(label)]), el("dd", [], [txt(value)])])
            })
    }
}
