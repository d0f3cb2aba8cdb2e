import KineticCore

/// The month bar of Goals and Steps: the month between "previous" and "next" links (a side
/// without a month to go to is drawn disabled), and a picker that jumps straight to any month
/// of `choices` — a plain GET form, so it works without script.
enum MonthBar {
    /// What a month bar shows and where its links and picker lead.
    struct Model {
        /// The month shown, its neighbours and the months the picker offers (a single month
        /// shows the title alone).
        let navigation: MonthNavigation
        /// The page the picker submits to, e.g. `/goals`.
        let action: String
        /// Query items the page keeps across months (the Goals category and ring view).
        var kept: [(name: String, value: String?)] = []
        /// The address of another month of the page.
        let link: (Month) -> String
    }

    static func render(_ model: Model, l: Localizer) -> HTMLNode {
        func step(_ target: Month?, icon kind: Icon, label: String, className: String, rel: String) -> HTMLNode {
            guard let target else {
                return el("span", [.class("month-step \(className) is-disabled"), .aria("hidden", "true")], [icon(kind)])
            }
            return el(
                "a",
                [
                    .class("month-step \(className)"), Attr("href", model.link(target)), .data("keeps-query", ""),
                    .aria("label", label + ": " + l.month(target)), Attr("rel", rel),
                ], [icon(kind)])
        }
        let hasChoice = model.navigation.months.lowerBound < model.navigation.months.upperBound
        let title = el(
            "h2", [.class("month-title" + (hasChoice ? " visually-hidden" : "")), .data("month", model.navigation.month.description)],
            [txt(l.month(model.navigation.month))])
        return el(
            "nav", [.class("month-bar"), .aria("label", l.t("goals.monthBar"))],
            [
                step(model.navigation.previous, icon: .back, label: l.t("goals.month.previous"), className: "month-previous", rel: "prev"),
                hasChoice ? picker(model, title: title, l: l) : title,
                step(model.navigation.next, icon: .chevronRight, label: l.t("goals.month.next"), className: "month-next", rel: "next"),
            ])
    }

    /// The month as a drop-down of every month, newest first, grouped by year.
    private static func picker(_ model: Model, title: HTMLNode, l: Localizer) -> HTMLNode {
        var years: [(year: Int, months: [Month])] = []
        var month = model.navigation.months.upperBound
        while month >= model.navigation.months.lowerBound {
            if years.last?.year == month.year { years[years.count - 1].months.append(month) } else { years.append((month.year, [month])) }
            month = month.previous
        }
        let groups = years.map { group in
            el(
                "optgroup", [Attr("label", String(group.year))],
                group.months.map { option in
                    el(
                        "option", [Attr("value", option.description), .flag("selected", option == model.navigation.month)],
                        [txt(l.month(option))])
                })
        }
        let kept = model.kept.compactMap { item in
            item.value.map {
                voidEl("input", [Attr("type", "hidden"), Attr("name", item.name), Attr("value", $0), .data("keeps-query", "")])
            }
        }
        return el(
            "form", [.class("month-picker"), Attr("method", "get"), Attr("action", model.action), .data("month-picker", "")],
            [
                title,
                el("label", [.class("visually-hidden"), Attr("for", "month-select")], [txt(l.t("monthPicker.label"))]),
                el(
                    "span", [.class("month-select-box")],
                    [
                        el("select", [.class("month-select"), .id("month-select"), Attr("name", "month")], groups),
                        icon(.chevronDown),
                    ]),
            ] + kept + [
                el("button", [.class("month-go"), Attr("type", "submit")], [txt(l.t("monthPicker.show"))])
            ])
    }
}
