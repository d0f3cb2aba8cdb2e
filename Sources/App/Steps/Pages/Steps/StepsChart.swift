import KineticCore

/// The month's line chart as SVG, with a table of the same numbers for screen readers.
enum StepsChart {
    static func render(_ chart: StepChartGeometry, l: Localizer) -> HTMLNode {
        let n = { (value: Double) in SVGNumber.format(value) }
        var nodes: [HTMLNode] = []
        for tick in chart.ticks {
            nodes.append(el("line", [.class("chart-grid"), Attr("x1", n(chart.plotLeft)), Attr("x2", n(chart.plotRight)), Attr("y1", n(tick.y)), Attr("y2", n(tick.y))]))
            nodes.append(el("text", [.class("chart-label chart-label-y"), Attr("x", n(chart.plotLeft - 6)), Attr("y", n(tick.y + 4)), Attr("text-anchor", "end")], [txt(compact(tick.value, l: l))]))
        }
        for label in chart.dayLabels {
            nodes.append(el("text", [.class("chart-label"), Attr("x", n(label.x)), Attr("y", n(chart.plotBottom + 18)), Attr("text-anchor", "middle")], [txt(l.number(label.day))]))
        }
        if !chart.points.isEmpty {
            nodes.append(el("path", [.class("chart-area"), Attr("d", chart.areaPath)]))
            nodes.append(el("path", [.class("chart-line"), Attr("d", chart.linePath)]))
        }
        for point in chart.points {
            nodes.append(el("circle", [
                .class("chart-point"), Attr("cx", n(point.x)), Attr("cy", n(point.y)), Attr("r", "2.5"),
                .data("day", String(point.day)), .data("steps", String(point.steps)),
            ]))
        }
        if let today = chart.today {
            nodes.append(el("circle", [.class("chart-today-halo"), Attr("cx", n(today.x)), Attr("cy", n(today.y)), Attr("r", "9")]))
            nodes.append(el("circle", [.class("chart-today"), Attr("cx", n(today.x)), Attr("cy", n(today.y)), Attr("r", "5"), .data("day", String(today.day))]))
        }
        let svg = el("svg", [
            .class("steps-chart"), Attr("viewBox", "0 0 \(n(chart.width)) \(n(chart.height))"), Attr("role", "img"),
            .aria("labelledby", "chart-title"), .aria("describedby", "chart-table"),
        ], nodes)
        let table = el("table", [.class("visually-hidden"), .id("chart-table")], [
            el("thead", [], [el("tr", [], [el("th", [], [txt(l.t("steps.table.day"))]), el("th", [], [txt(l.t("steps.table.steps"))])])]),
            el("tbody", [], chart.points.map { point in
                el("tr", [], [el("td", [], [txt(l.number(point.day))]), el("td", [], [txt(l.number(point.steps))])])
            }),
        ])
        return el("div", [.class("chart-wrap")], [svg, table])
    }

    /// An axis label: 5,000 → "5k" / "5 Tsd."… kept simple: thousands with the locale's digits.
    private static func compact(_ value: Int, l: Localizer) -> String {
        value >= 1_000 && value % 1_000 == 0 ? l.t("steps.axis.thousands", l.number(value / 1_000)) : l.number(value)
    }
}
