import Foundation

/// An achievement badge: a medal whose colour and emblem change with each 10,000 steps
/// (ten drawn designs; later levels keep the last one). The medal shows the thousands alone,
/// sized to fit its disc; the words ("10,000 steps") are the caption under it, where they
/// can wrap in any language.
enum AchievementBadge {
    /// Gradient colours of the ten designs, from first to tenth badge.
    static let palettes: [(String, String)] = [
        ("#7ad3ff", "#2f8cff"), ("#7cf0c2", "#17a673"), ("#ffd86b", "#f0a000"), ("#ffa87a", "#f0602a"),
        ("#ff8fb7", "#e03a7a"), ("#c8a2ff", "#7b4ae0"), ("#9ae6f0", "#1b9bb0"), ("#ffe08a", "#c98a00"),
        ("#c9d3e6", "#6b7a99"), ("#ffd2a1", "#c0392b"),
    ]

    static func render(level: Int, threshold: Int, l: Localizer) -> HTMLNode {
        let design = min(level, palettes.count)
        let (light, dark) = palettes[design - 1]
        let gradient = "badge-gradient-\(level)"
        let shape = shapes[design - 1]
        let label = l.t("steps.badge.label", l.number(threshold))
        return el(
            "figure", [.class("badge"), .data("threshold", String(threshold))],
            [
                el(
                    "svg",
                    [
                        Attr("viewBox", "0 0 100 100"), Attr("width", "88"), Attr("height", "88"), Attr("role", "img"),
                        .aria("label", label),
                    ],
                    [
                        el(
                            "defs", [],
                            [
                                el(
                                    "linearGradient", [.id(gradient), Attr("x1", "0"), Attr("y1", "0"), Attr("x2", "1"), Attr("y2", "1")],
                                    [
                                        el("stop", [Attr("offset", "0"), Attr("stop-color", light)]),
                                        el("stop", [Attr("offset", "1"), Attr("stop-color", dark)]),
                                    ])
                            ]),
                        el("polygon", [Attr("points", shape), Attr("fill", "url(#\(gradient))")]),
                        el(
                            "circle",
                            [Attr("cx", "50"), Attr("cy", "50"), Attr("r", "28"), Attr("fill", "#ffffff"), Attr("fill-opacity", "0.92")]),
                        badgeNumber(l.number(threshold / 1_000), color: dark),
                    ]),
                el("figcaption", [.class("badge-caption")], [txt(l.t("steps.badge.caption", l.number(threshold)))]),
            ])
    }

    /// The thousands in the disc (radius 28): up to three digits at full size, longer numbers
    /// squeezed to the disc's width so they never touch the rim.
    private static func badgeNumber(_ text: String, color: String) -> HTMLNode {
        let fits = text.count <= 3
        return el(
            "text",
            [
                Attr("x", "50"), Attr("y", "59"), Attr("text-anchor", "middle"), .class("badge-number"), Attr("fill", color),
                fits ? nil : Attr("textLength", "44"), fits ? nil : Attr("lengthAdjust", "spacingAndGlyphs"),
            ], [txt(text)])
    }

    /// The outlines of the ten designs, drawn once.
    private static let shapes: [String] = (1...palettes.count).map { design in
        star(points: design % 2 == 0 ? 8 : 6, outer: 44, inner: design >= 6 ? 36 : 40)
    }

    /// A star-like medal outline around (50, 50).
    private static func star(points: Int, outer: Double, inner: Double) -> String {
        (0..<(points * 2)).map { index in
            let radius = index % 2 == 0 ? outer : inner
            let angle = Double(index) * .pi / Double(points) - .pi / 2
            return SVGNumber.format(50 + radius * cos(angle)) + "," + SVGNumber.format(50 + radius * sin(angle))
        }.joined(separator: " ")
    }
}
