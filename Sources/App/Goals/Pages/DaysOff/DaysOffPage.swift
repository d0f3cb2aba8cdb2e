import Foundation
import KineticCore

/// Rest days and days off: the weekdays a person never jumps, this month taken off, and single
/// days off (a holiday, a cold). The pace on Goals spreads the month's goal over the other days,
/// and a month off neither counts for nor breaks the streak of months.
enum DaysOffPage {
    struct Model {
        let pauses: JumpPauses
        let today: LocalDate
        let firstWeekday: Weekday
        /// The day typed into Add (kept when it was refused).
        var newDay = ""
        var errors: [String: String] = [:]
        var saved = false

        var currentMonth: Month { Month(today) }
        /// The days off from this month on, soonest first (earlier ones are kept, not listed).
        var upcomingDays: [LocalDate] {
            pauses.from(currentMonth).pausedDays.sorted()
        }
        /// Months off after this one.
        var laterMonths: [Month] { pauses.pausedMonths.filter { $0 > currentMonth }.sorted() }
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = l.locale
        let weekdays = Weekday.week(startingOn: model.firstWeekday).map { ($0.rawValue, calendar.weekdaySymbols[$0.calendarNumber - 1]) }
        let action = SiteURL.daysOff.path
        let monthOff = model.pauses.pausedMonths.contains(model.currentMonth)
        let content: [HTMLNode] = [
            banner(model.saved ? l.t("goals.daysOff.saved") : nil, isError: false),
            el("p", [.class("page-intro")], [txt(l.t("goals.daysOff.intro"))]),
            el(
                "form", [Attr("method", "post"), Attr("action", action), .class("form"), .id("rest-days-form")],
                [
                    CSRFField.render(context.csrfToken),
                    voidEl("input", [Attr("type", "hidden"), Attr("name", "action"), Attr("value", "week")]),
                    ChoiceFields.chips(
                        name: "rest", legend: l.t("goals.daysOff.restDays"), hint: l.t("goals.daysOff.restDaysHint"),
                        options: weekdays, chosen: Set(model.pauses.restWeekdays.map(\.rawValue)),
                        error: model.errors.first { $0.key.hasPrefix("restWeekdays") }?.value),
                    el(
                        "div", [.class("card days-off-month")],
                        [
                            el(
                                "label", [.class("check-row")],
                                [
                                    voidEl(
                                        "input",
                                        [
                                            Attr("type", "checkbox"), Attr("name", "monthOff"), Attr("value", "1"),
                                            .flag("checked", monthOff),
                                        ]),
                                    el(
                                        "span", [],
                                        [
                                            el("strong", [], [txt(l.t("goals.daysOff.monthOff", l.month(model.currentMonth)))]),
                                            el("span", [.class("field-hint")], [txt(l.t("goals.daysOff.monthOffHint"))]),
                                        ]),
                                ])
                        ]),
                    el("button", [Attr("type", "submit"), .class("button button-primary button-block")], [txt(l.t("goals.daysOff.save"))]),
                ]),
            el(
                "section", [.class("card days-off-list"), .aria("labelledby", "days-off-title")],
                [
                    el("h2", [.id("days-off-title"), .class("field-label")], [txt(l.t("goals.daysOff.days"))]),
                    el("p", [.class("field-hint")], [txt(l.t("goals.daysOff.daysHint"))]),
                    model.upcomingDays.isEmpty
                        ? el("p", [.class("days-off-empty")], [txt(l.t("goals.daysOff.none"))])
                        : el(
                            "ul", [.class("days-off-days")], model.upcomingDays.map { removeRow(day: $0, model: model, context: context) }),
                    el(
                        "form", [Attr("method", "post"), Attr("action", action), .class("days-off-add")],
                        [
                            CSRFField.render(context.csrfToken),
                            voidEl("input", [Attr("type", "hidden"), Attr("name", "action"), Attr("value", "addDay")]),
                            FormField.render(
                                .init(
                                    name: "day", label: l.t("goals.daysOff.addLabel"), type: "date", value: model.newDay,
                                    error: model.errors.first { $0.key.hasPrefix("pausedDays") }?.value,
                                    // Days before this month move no pace: the picker starts at its first day.
                                    min: LocalDate(year: model.currentMonth.year, month: model.currentMonth.month, day: 1)?.description)),
                            el(
                                "button", [Attr("type", "submit"), .class("button button-secondary button-small")],
                                [txt(l.t("goals.daysOff.add"))]),
                        ]),
                ]),
            model.laterMonths.isEmpty
                ? .empty
                : el(
                    "section", [.class("card days-off-list"), .aria("labelledby", "months-off-title")],
                    [
                        el("h2", [.id("months-off-title"), .class("field-label")], [txt(l.t("goals.daysOff.laterMonths"))]),
                        el("ul", [.class("days-off-days")], model.laterMonths.map { removeRow(month: $0, context: context) }),
                    ]),
        ]
        return Layout.render(
            .init(
                title: l.t("goals.daysOff.title"), backLink: (SiteURL.module(.goals).path, l.t("nav.goals")),
                stylesheet: GoalsModule.stylesheet),
            context: context, content: content)
    }

    private static func removeRow(day: LocalDate, model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        let isRestDay = model.pauses.restWeekdays.contains(Weekday(day))
        return row(
            text: l.date(day), detail: isRestDay ? l.t("goals.daysOff.alsoRestDay") : nil, action: "removeDay", value: day.description,
            label: l.t("goals.daysOff.remove", l.date(day)), context: context)
    }

    private static func removeRow(month: Month, context: PageContext) -> HTMLNode {
        let l = context.localizer
        return row(
            text: l.month(month), detail: nil, action: "removeMonth", value: month.description,
            label: l.t("goals.daysOff.remove", l.month(month)), context: context)
    }

    private static func row(text: String, detail: String?, action: String, value: String, label: String, context: PageContext) -> HTMLNode {
        el(
            "li", [.class("days-off-row")],
            [
                el("span", [], [txt(text), detail.map { el("span", [.class("field-hint")], [txt(" · " + $0)]) } ?? .empty]),
                el(
                    "form", [Attr("method", "post"), Attr("action", SiteURL.daysOff.path)],
                    [
                        CSRFField.render(context.csrfToken),
                        voidEl("input", [Attr("type", "hidden"), Attr("name", "action"), Attr("value", action)]),
                        voidEl("input", [Attr("type", "hidden"), Attr("name", "value"), Attr("value", value)]),
                        el(
                            "button", [Attr("type", "submit"), .class("button button-secondary button-small"), .aria("label", label)],
                            [txt(context.localizer.t("goals.daysOff.removeShort"))]),
                    ]),
            ])
    }
}
