import Foundation
import KineticCore

/// The goal ring as SVG: the outer blue and gray arcs, and one inner orange arc per view, of
/// which the active one is shown. Each arc is a circle whose dash is its sweep and whose
/// rotation is its start, so the script can animate it from 12 o'clock; `data-start` and
/// `data-end` carry the angles (degrees clockwise from 12 o'clock).
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
        for representation in RingRepresentation.allCases {
            let isActive = representation == active
            arcs.append(arc(
                model.rings[representation]!.inner, radius: innerRadius,
                className: "ring-arc ring-arc-inner" + (isActive ? " is-active" : ""),
                role: "inner", representation: representation
            ))
        }
        return el("svg", [
            .class("ring-svg"), Attr("viewBox", "0 0 \(Int(size)) \(Int(size))"), Attr("width", "\(Int(size))"),
            Attr("height", "\(Int(size))"), .aria("hidden", "true"), Attr("focusable", "false"),
        ], arcs)
    }

    private static func track(radius: Double, className: String) -> HTMLNode {
        el("circle", [.class(className), Attr("cx", SVGNumber.format(size / 2)), Attr("cy", SVGNumber.format(size / 2)), Attr("r", SVGNumber.format(radius))])
    }

    private static func arc(_ arc: RingArc?, radius: Double, className: String, role: String, representation: RingRepresentation? = nil) -> HTMLNode {
        let start = arc?.start ?? 0
        let end = arc?.end ?? 0
        let center = SVGNumber.format(size / 2)
        return el("circle", [
            .class(className), Attr("cx", center), Attr("cy", center), Attr("r", SVGNumber.format(radius)),
            Attr("pathLength", "360"), Attr("stroke-dasharray", "\(SVGNumber.format(end - start)) 360"),
            Attr("transform", "rotate(\(SVGNumber.format(start - 90)) \(center) \(center))"),
            .data("arc", role), representation.map { .data("representation", $0.rawValue) },
            .data("start", SVGNumber.format(start)), .data("end", SVGNumber.format(end)),
        ])
    }
}
