import KineticCore

/// The month bar of Goals and Steps: the month's name between "previous" and "next" links;
/// a side without a month to go to is drawn disabled.
enum MonthBar {
    static func render(month: Month, previous: Month?, next: Month?, link: (Month) -> String, l: Localizer) -> HTMLNode {
        func step(_ target: Month?, icon kind: Icon, label: String, className: String, rel: String) -> HTMLNode {
            guard let target else {
                return el("span", [.class("month-step \(className) is-disabled"), .aria("hidden", "true")], [icon(kind)])
            }
            return el("a", [
                .class("month-step \(className)"), Attr("href", link(target)), .data("keeps-query", ""),
                .aria("label", label + ": " + l.month(target)), Attr("rel", rel),
            ], [icon(kind)])
        }
        return el("nav", [.class("month-bar"), .aria("label", l.t("goals.monthBar"))], [
            step(previous, icon: .back, label: l.t("goals.month.previous"), className: "month-previous", rel: "prev"),
            el("h2", [.class("month-title"), Attr("aria-live", "polite"), .data("month", month.description)], [txt(l.month(month))]),
            step(next, icon: .chevronRight, label: l.t("goals.month.next"), className: "month-next", rel: "next"),
        ])
    }
}
