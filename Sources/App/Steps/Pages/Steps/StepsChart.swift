import KineticCore

/// The month's line chart as SVG, with a table of the same numbers for screen readers. Tapping
/// or dragging across it, or focusing it and using the arrow keys, reads a day's value out in
/// the line above it (each point carries its sentence, written here in the user's language).
enum StepsChart {
    static func render(_ chart: StepChartGeometry, month: Month, l: Localizer) -> HTMLNode {
        let n = { (value: Double) in SVGNumber.format(value) }
        var nodes: [HTMLNode] = []
        for tick in chart.ticks {
            nodes.append(
                el(
                    "line",
                    [
                        .class("chart-grid"), Attr("x1", n(chart.plotLeft)), Attr("x2", n(chart.plotRight)), Attr("y1", n(tick.y)),
                        Attr("y2", n(tick.y)),
                    ]))
            nodes.append(
                el(
                    "text",
                    [
                        .class("chart-label chart-label-y"), Attr("x", n(chart.plotLeft - 6)), Attr("y", n(tick.y + 4)),
                        Attr("text-anchor", "end"),
                    ], [txt(compact(tick.value, l: l))]))
        }
        for label in chart.dayLabels {
            nodes.append(
                el(
                    "text",
                    [.class("chart-label"), Attr("x", n(label.x)), Attr("y", n(chart.plotBottom + 18)), Attr("text-anchor", "middle")],
                    [txt(l.number(label.day))]))
        }
        if !chart.settledPoints.isEmpty {
            nodes.append(el("path", [.class("chart-area"), Attr("d", chart.areaPath)]))
            nodes.append(el("path", [.class("chart-line"), Attr("d", chart.linePath)]))
        }
        if let todayPath = chart.todayPath {
            nodes.append(el("path", [.class("chart-line chart-line-today"), Attr("d", todayPath)]))
        }
        for point in chart.points {
            nodes.append(
                el(
                    "circle",
                    [
                        .class("chart-point"), Attr("cx", n(point.x)), Attr("cy", n(point.y)), Attr("r", "2.5"),
                        .data("day", String(point.day)), .data("steps", String(point.steps)),
                        .data(
                            "label",
                            LocalDate(year: month.year, month: month.month, day: point.day).map {
                                l.t("steps.chart.readout", l.date($0), l.number(point.steps))
                            } ?? ""),
                    ]))
        }
        if let today = chart.today {
            nodes.append(el("circle", [.class("chart-today-halo"), Attr("cx", n(today.x)), Attr("cy", n(today.y)), Attr("r", "9")]))
            nodes.append(
                el(
                    "circle",
                    [
                        .class("chart-today"), Attr("cx", n(today.x)), Attr("cy", n(today.y)), Attr("r", "5"),
                        .data("day", String(today.day)),
                    ]))
        }
        if !chart.points.isEmpty {
            nodes.insert(
                el(
                    "line",
                    [
                        .class("chart-guide"), Attr("x1", "0"), Attr("x2", "0"), Attr("y1", n(chart.plotTop)),
                        Attr("y2", n(chart.plotBottom)), .flag("hidden"),
                    ]), at: 0)
        }
        let svg = el(
            "svg",
            [
                .class("steps-chart"), Attr("viewBox", "0 0 \(n(chart.width)) \(n(chart.height))"), Attr("role", "img"),
                .aria("labelledby", "chart-title"), .aria("describedby", "chart-table chart-hint"),
                chart.points.isEmpty ? nil : Attr("tabindex", "0"),
            ], nodes)
        let readout = el(
            "p", [.class("chart-readout"), .id("chart-readout"), .aria("live", "polite")],
            [
                el("span", [.class("chart-hint"), .id("chart-hint")], [txt(l.t("steps.chart.hint"))])
            ])
        let table = el(
            "table", [.class("visually-hidden"), .id("chart-table")],
            [
                el(
                    "thead", [],
                    [el("tr", [], [el("th", [], [txt(l.t("steps.table.day"))]), el("th", [], [txt(l.t("steps.table.steps"))])])]),
                el(
                    "tbody", [],
                    chart.points.map { point in
                        el("tr", [], [el("td", [], [txt(l.number(point.day))]), el("td", [], [txt(l.number(point.steps))])])
                    }),
            ])
        return el("div", [.class("chart-wrap")], [readout, svg, table])
    }

    /// An axis label: 5,000 → "5k" / "5 Tsd."… kept simple: thousands with the locale's digits.
    private static func compact(_ value: Int, l: Localizer) -> String {
        value >= 1_000 && value % 1_000 == 0 ? l.t("steps.axis.thousands", l.number(value / 1_000)) : l.number(value)
    }
}
