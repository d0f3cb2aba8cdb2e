import KineticCore

/// One day's steps, and why its total is what it is: per hour, each source's steps and how many
/// of them counted (where a more trusted source counted the same minutes, a source's steps are
/// recorded but not counted), with the day before and after a tap away.
enum StepDayPage {
    struct Model {
        let breakdown: DayStepSources
        /// The days either side, when they are not in the future.
        let previous: LocalDate
        let next: LocalDate?
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let day = model.breakdown
        let total = Int(saturating: day.total)
        let navigation = el(
            "nav", [.class("day-nav"), .aria("label", l.t("steps.day.days"))],
            [
                el(
                    "a", [.class("button button-secondary button-small"), Attr("href", SiteURL.stepsDay(model.previous.description).path)],
                    [txt(l.t("steps.day.previous", l.date(model.previous)))]),
                model.next.map { next in
                    el(
                        "a", [.class("button button-secondary button-small"), Attr("href", SiteURL.stepsDay(next.description).path)],
                        [txt(l.t("steps.day.next", l.date(next)))])
                } ?? .empty,
            ])
        var content: [HTMLNode] = [
            el(
                "p", [.class("steps-total")],
                [el("strong", [], [txt(l.number(total))]), txt(" " + l.t("steps.day.totalSuffix"))]),
            el("p", [.class("page-intro")], [txt(l.t("steps.day.intro"))]),
        ]
        if day.hours.isEmpty {
            content.append(el("p", [.class("card form-note")], [txt(l.t("steps.day.none"))]))
        } else {
            content.append(
                el(
                    "ol", [.class("day-hours"), Attr("role", "list"), .aria("label", l.t("steps.day.hours"))],
                    day.hours.map { hour($0, l: l) }))
        }
        content += [
            navigation,
            el(
                "nav", [.class("card list-card"), .aria("label", l.t("steps.sourcesLink"))],
                [ListRow.render(href: SiteURL.stepSources.path, title: l.t("steps.sourcesLink"), detail: l.t("steps.day.sourcesLink"))]),
        ]
        return Layout.render(
            .init(
                title: l.date(day.date), backLink: (SiteURL.steps(month: Month(day.date).description), l.t("nav.steps")),
                stylesheet: StepsModule.stylesheet, bodyClass: "steps-day-page"),
            context: context, content: content)
    }

    private static func hour(_ hour: DayStepSources.Hour, l: Localizer) -> HTMLNode {
        let counted = Int(saturating: hour.sources.map(\.counted).reduce(0, +).rounded())
        let start = TimeOfDay(hour: hour.hour, minute: 0).map { l.time($0) } ?? ""
        let end = TimeOfDay(hour: (hour.hour + 1) % 24, minute: 0).map { l.time($0) } ?? ""
        return el(
            "li", [.class("card day-hour")],
            [
                el(
                    "h2", [.class("day-hour-title")],
                    [
                        el("span", [], [txt(l.t("steps.day.hour", start, end))]),
                        el("span", [.class("day-hour-total")], [txt(l.t("unit.steps", l.number(counted)))]),
                    ]),
                el(
                    "ul", [.class("day-sources"), Attr("role", "list")],
                    hour.sources.map { source in
                        let recorded = Int(saturating: source.recorded.rounded())
                        let counts = Int(saturating: source.counted.rounded())
                        let state =
                            counts >= recorded
                            ? l.t("steps.day.counted")
                            : counts == 0 ? l.t("steps.day.notCounted") : l.t("steps.day.partlyCounted", l.number(counts))
                        return el(
                            "li", [.class(counts == 0 ? "day-source day-source-covered" : "day-source")],
                            [
                                el("span", [.class("day-source-name")], [txt(source.name)]),
                                el(
                                    "span", [.class("day-source-figures")],
                                    [el("strong", [], [txt(l.number(recorded))]), el("span", [.class("day-source-state")], [txt(state)])]),
                            ])
                    }),
            ])
    }
}
