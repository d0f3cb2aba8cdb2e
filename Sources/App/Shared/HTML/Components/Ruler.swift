import KineticCore

/// The horizontal ruler control (drag or swipe with momentum and snapping, arrow keys).
/// Server-rendered as a number input that works without JavaScript; `js/shared/ruler.js` turns it into
/// the ruler and keeps the input in sync, so the form posts the same field either way.
enum Ruler {
    /// How values are shown on the ruler and in its read-out.
    enum Format: String {
        /// Inches, shown as feet and inches.
        case heightImperial = "height-imperial"
        /// Inches, shown as centimetres.
        case heightMetric = "height-metric"
        /// A plain count, e.g. a jump goal.
        case count
    }

    struct Model {
        let name: String
        let label: String
        let value: Int?
        let range: ClosedRange<Int>
        var step = 1
        /// Every how many steps a labelled major tick is drawn.
        var majorEvery = 10
        var format: Format = .count
        /// Where the ruler starts when there is no value yet.
        var initial: Int
        var unit: String? = nil
    }

    static func render(_ model: Model, l: Localizer) -> HTMLNode {
        let inputID = "ruler-" + model.name
        let display = model.value.map { formatted($0, format: model.format, l: l) } ?? l.t("ruler.notSet")
        return el(
            "div",
            [
                .class("ruler"), .data("ruler", ""), .data("min", String(model.range.lowerBound)),
                .data("max", String(model.range.upperBound)), .data("step", String(model.step)),
                .data("major", String(model.majorEvery)), .data("format", model.format.rawValue),
                .data("initial", String(model.initial)),
                .data("template-imperial", l.t("unit.height.imperial")), .data("template-metric", l.t("unit.height.metric")),
                .data("template-count", model.unit ?? "%@"), .data("template-feet", l.t("unit.height.feetShort")),
                .data("unset", l.t("ruler.notSet")), .data("hint", l.t("ruler.hint")),
            ],
            [
                el("label", [Attr("for", inputID), .class("field-label"), .id(inputID + "-label")], [txt(model.label)]),
                el("output", [.class("ruler-readout"), Attr("for", inputID), .aria("hidden", "true")], [txt(display)]),
                voidEl(
                    "input",
                    [
                        .id(inputID), Attr("name", model.name), Attr("type", "number"), .class("field-input ruler-input"),
                        Attr("min", String(model.range.lowerBound)), Attr("max", String(model.range.upperBound)),
                        Attr("step", String(model.step)), Attr("value", model.value.map(String.init) ?? ""),
                        Attr("inputmode", "numeric"),
                    ]),
            ])
    }

    /// The read-out text of a value, as the script also draws it.
    static func formatted(_ value: Int, format: Format, l: Localizer) -> String {
        switch format {
        case .heightImperial, .heightMetric: l.height(value)
        case .count: l.number(value)
        }
    }
}
