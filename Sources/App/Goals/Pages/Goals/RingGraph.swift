import Foundation
import KineticCore

/// The goal ring as SVG: the outer blue and gray arcs, and one inner orange arc per view, of
/// which the active one is shown. Each arc is a circle whose dash is its sweep and whose
/// rotation is its start, so the script can animate it from 12 o'clock; `data-start` and
/// `data-end` carry the angles (degrees clockwise from 12 o'clock). Drawn arcs have round caps;
/// a whole circle is drawn without a dash, so it has no seam at 12 o'clock; past 100 % a second
/// lap runs over the blue circle, its end cap shadowed on the lap beneath.
enum RingGraph {
    static let size = 240.0
    static let outerRadius = 106.0
    static let innerRadius = 82.0

    static func render(_ model: GoalsPage.CategoryModel, active: RingRepresentation) -> HTMLNode {
        let ring = model.rings[active]!
        var arcs: [HTMLNode] = [
            track(radius: outerRadius, className: "ring-track-outer"),
            track(radius: innerRadius, className: "ring-track-inner"),
            arc(ring.remainder, radius: outerRadius, className: "ring-arc ring-arc-remainder", role: "remainder"),
            arc(ring.progress, radius: outerRadius, className: "ring-arc ring-arc-progress", role: "progress"),
        ]
        if let overlap = ring.overlap {
            arcs.append(arc(overlap, radius: outerRadius, className: "ring-arc ring-arc-overlap", role: "overlap"))
            arcs += cap(at: overlap.end, radius: outerRadius, id: "ring-cap-shadow-\(model.category.rawValue)")
        }
        if let pace = model.pace, pace.expected > 0, pace.progress < pace.goal {
            arcs.append(tick(at: 360 * pace.fraction, radius: outerRadius))
        }
        for representation in RingRepresentation.allCases {
            let isActive = representation == active
            arcs.append(
                arc(
                    model.rings[representation]!.inner, radius: innerRadius,
                    className: "ring-arc ring-arc-inner" + (isActive ? " is-active" : ""),
                    role: "inner", representation: representation
                ))
        }
        return el(
            "svg",
            [
                .class("ring-svg"), Attr("viewBox", "0 0 \(Int(size)) \(Int(size))"), Attr("width", "\(Int(size))"),
                Attr("height", "\(Int(size))"), .aria("hidden", "true"), Attr("focusable", "false"),
            ], arcs)
    }

    private static func track(radius: Double, className: String) -> HTMLNode {
        el(
            "circle",
            [
                .class(className), Attr("cx", SVGNumber.format(size / 2)), Attr("cy", SVGNumber.format(size / 2)),
                Attr("r", SVGNumber.format(radius)),
            ])
    }

    private static func arc(
        _ arc: RingArc?, radius: Double, className: String, role: String, representation: RingRepresentation? = nil
    ) -> HTMLNode {
        let start = arc?.start ?? 0
        let end = arc?.end ?? 0
        let center = SVGNumber.format(size / 2)
        let dash = end - start >= 360 ? "none" : "\(SVGNumber.format(end - start)) 360"
        return el(
            "circle",
            [
                .class(className), Attr("cx", center), Attr("cy", center), Attr("r", SVGNumber.format(radius)),
                Attr("pathLength", "360"), Attr("stroke-dasharray", dash), arc == nil ? .data("empty", "") : nil,
                Attr("transform", "rotate(\(SVGNumber.format(start - 90)) \(center) \(center))"),
                .data("arc", role), representation.map { .data("representation", $0.rawValue) },
                .data("start", SVGNumber.format(start)), .data("end", SVGNumber.format(end)),
            ])
    }

    /// The pace tick: a short bar across the outer ring where the person should be today.
    private static func tick(at angle: Double, radius: Double) -> HTMLNode {
        let radians = angle * .pi / 180
        func point(_ distance: Double) -> (String, String) {
            (SVGNumber.format(size / 2 + distance * sin(radians)), SVGNumber.format(size / 2 - distance * cos(radians)))
        }
        let (x1, y1) = point(radius - 12)
        let (x2, y2) = point(radius + 12)
        return el(
            "line",
            [
                .class("ring-pace-tick"), Attr("x1", x1), Attr("y1", y1), Attr("x2", x2), Attr("y2", y2),
                .data("angle", SVGNumber.format(angle)),
            ])
    }

    /// The second lap's end cap, drawn again on top with a shadow cast ahead of it, in the
    /// direction the lap travels, so the lap reads as passing over the first.
    private static func cap(at angle: Double, radius: Double, id: String) -> [HTMLNode] {
        let radians = angle * .pi / 180
        let shadow = el(
            "defs", [],
            [
                el(
                    "filter", [.id(id), Attr("x", "-1"), Attr("y", "-1"), Attr("width", "3"), Attr("height", "3")],
                    [
                        el(
                            "feDropShadow",
                            [
                                Attr("dx", SVGNumber.format(2.5 * cos(radians))), Attr("dy", SVGNumber.format(2.5 * sin(radians))),
                                Attr("stdDeviation", "2"), Attr("flood-color", "#0a143c"), Attr("flood-opacity", "0.6"),
                            ])
                    ])
            ])
        return [
            shadow,
            el(
                "circle",
                [
                    .class("ring-cap"), Attr("cx", SVGNumber.format(size / 2 + radius * sin(radians))),
                    Attr("cy", SVGNumber.format(size / 2 - radius * cos(radians))), Attr("r", "9"), Attr("filter", "url(#\(id))"),
                ]),
        ]
    }
}
