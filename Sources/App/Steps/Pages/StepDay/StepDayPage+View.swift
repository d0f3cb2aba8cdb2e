import Foundation
import KineticCore

/// One day's steps, and why its total is what it is: per hour, each source's steps and how many
/// of them counted (where a more trusted source counted the same minutes, a source's steps are
/// recorded but not counted), what is set aside as more than a person takes (each with Count
/// Anyway), with the day before and after a tap away.
enum StepDayPage {
    struct Model {
        let day: StepsService.Day
        /// The days either side, when they are not in the future.
        let previous: LocalDate
        let next: LocalDate?
        /// Something set aside was just counted anyway.
        var counted = false
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let day = model.day.sources
        let total = model.day.setAsideTotal == nil ? Int(saturating: day.total) : 0
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
            banner(model.counted ? l.t("steps.setAside.counted") : nil, isError: false),
            setAside(model, context: context),
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

    /// What of the day is set aside, each with Count Anyway; nothing when nothing is.
    private static func setAside(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        let date = model.day.sources.date.description
        guard model.day.setAsideTotal != nil || !model.day.setAside.isEmpty else { return .empty }
        func countAnyway(_ fields: [(String, String)], label: String) -> HTMLNode {
            el(
                "form", [Attr("method", "post"), Attr("action", SiteURL.stepsCountAnyway(date).path)],
                [CSRFField.render(context.csrfToken)]
                    + fields.map { voidEl("input", [Attr("type", "hidden"), Attr("name", $0.0), Attr("value", $0.1)]) }
                    + [el("button", [Attr("type", "submit"), .class("button button-secondary button-small")], [txt(label)])])
        }
        var items: [HTMLNode] = []
        if let total = model.day.setAsideTotal {
            items.append(
                el(
                    "li", [.class("set-aside-item")],
                    [
                        el("p", [], [txt(l.t("steps.setAside.day", l.number(Int(saturating: total))))]),
                        countAnyway([("day", "1")], label: l.t("steps.setAside.countDay")),
                    ]))
        }
        for sample in model.day.setAside {
            let zone = TimeZone(secondsFromGMT: sample.utcOffset) ?? .gmt
            let at = l.time(TimeOfDay(containing: Date(timeIntervalSince1970: sample.start), in: zone))
            items.append(
                el(
                    "li", [.class("set-aside-item")],
                    [
                        el(
                            "p", [],
                            [txt(l.t("steps.setAside.sample", l.number(Int(saturating: sample.value.rounded())), sample.sourceName, at))]),
                        countAnyway(
                            [
                                ("source", sample.sourceName), ("start", String(sample.start)), ("end", String(sample.end)),
                                ("steps", String(sample.value)),
                            ], label: l.t("steps.setAside.countSample")),
                    ]))
        }
        return el(
            "section", [.class("card set-aside"), .aria("labelledby", "set-aside-title")],
            [
                el("h2", [.class("card-title"), .id("set-aside-title")], [txt(l.t("steps.setAside.title"))]),
                el("ul", [.class("set-aside-list"), Attr("role", "list")], items),
            ])
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
                        el("span", [.class("day-hour-total")], [txt(l.plural("unit.steps", count: counted))]),
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
