import KineticCore

/// The muscles an exercise works, drawn on a front and a back view of a standing figure, with a
/// caption that names them.
///
/// Each view is an inline SVG in a 100 × 220 box: a neutral body (head, neck, torso, arms, hands,
/// legs, feet) and on it one or more shapes per muscle group, each of class `muscle
/// muscle-<name>` (`muscle-lower-back`), plus `muscle-primary` or `muscle-secondary` when the
/// exercise works it (primary wins when a muscle is in both lists). Every one of the 17 groups is on
/// at least one view: the front shows the neck, traps (their slope), shoulders (front delts),
/// chest, biceps, forearms, abdominals (with the obliques), abductors (outer hip), adductors
/// (inner thigh), quadriceps and calves; the back the neck, traps, shoulders (rear delts), middle
/// back (between and on the shoulder blades), lats, lower back, triceps, forearms, abductors
/// (side of the hip), glutes, hamstrings and calves.
///
/// The artwork is Kinetic's own, drawn for this file; no outside artwork or tracing went into it.
/// Only the left half of the body (x ≤ 50) is written down: ``mirrored(_:)`` draws each shape again
/// reflected around the centre line, so both sides are always the same.
///
/// The drawings are decorative (hidden from assistive technology); the caption says the same in
/// words, with a swatch per line that matches the fill (secondary muscles also have a dashed
/// outline, so they differ from primary ones without colour).
enum BodyMap {
    /// The width of each view's box; the centre line is at half of it.
    static let width = 100.0
    static let height = 220.0

    /// The map of `exercise`'s muscles. Both caption lines are always there (one without muscles
    /// is hidden), so the player can show the next exercise's muscles in the same map.
    static func render(_ exercise: Exercise, l: Localizer) -> HTMLNode {
        let muscles = Muscles(exercise)
        let legend = Legend(muscles, l: l)
        return el(
            "figure", [.class("body-map")],
            [
                el(
                    "div", [.class("body-map-views"), .aria("hidden", "true")],
                    [
                        view(front, label: l.t("workouts.bodyMap.front"), muscles: muscles),
                        view(back, label: l.t("workouts.bodyMap.back"), muscles: muscles),
                    ]),
                el(
                    "figcaption", [.class("body-map-legend")],
                    [legendLine(legend.primary, swatch: "primary"), legendLine(legend.secondary, swatch: "secondary")]),
            ])
    }

    /// The muscles an exercise works, each once: primary ones, then secondary ones that are
    /// not also primary.
    struct Muscles {
        let primary: [Exercise.Muscle]
        let secondary: [Exercise.Muscle]

        init(_ exercise: Exercise) {
            primary = BodyMap.unique(exercise.primaryMuscles)
            secondary = BodyMap.unique(exercise.secondaryMuscles).filter { !exercise.primaryMuscles.contains($0) }
        }
    }

    /// The caption's lines in words ("Primary: Chest and Triceps"); nil for a list without muscles.
    struct Legend {
        let primary: String?
        let secondary: String?

        init(_ muscles: Muscles, l: Localizer) {
            primary = muscles.primary.isEmpty ? nil : l.t("workouts.bodyMap.primary", l.listJoined(muscles.primary.map(l.muscle)))
            secondary =
                muscles.secondary.isEmpty ? nil : l.t("workouts.bodyMap.secondary", l.listJoined(muscles.secondary.map(l.muscle)))
        }
    }

    /// A muscle's class name: `muscle-lower-back`.
    static func className(_ muscle: Exercise.Muscle) -> String {
        "muscle-" + muscle.rawValue.split(separator: " ").joined(separator: "-")
    }

    /// Every muscle group some view draws (all of them; a test can hold it to that).
    static var drawnMuscles: Set<Exercise.Muscle> { Set((front + back).map(\.muscle)) }

    private static func view(_ parts: [Part], label: String, muscles: Muscles) -> HTMLNode {
        var body: [HTMLNode] = []
        for outline in silhouette {
            // One path per half: a half and its mirror image wind opposite ways, so in one path
            // their overlap on the centre line would cancel out and leave a gap.
            body.append(el("path", [Attr("d", pathData(outline.segments))]))
            if outline.mirrored {
                body.append(el("path", [Attr("d", mirrored(outline.segments))]))
            }
        }
        let muscles = parts.map { part -> HTMLNode in
            var className = "muscle " + Self.className(part.muscle)
            if muscles.primary.contains(part.muscle) {
                className += " muscle-primary"
            } else if muscles.secondary.contains(part.muscle) {
                className += " muscle-secondary"
            }
            let data = part.mirrored ? pathData(part.segments) + " " + mirrored(part.segments) : pathData(part.segments)
            return el("path", [.class(className), Attr("d", data)])
        }
        return el(
            "div", [.class("body-map-view")],
            [
                el(
                    "svg",
                    [
                        .class("body-map-figure"), Attr("viewBox", "0 0 \(Int(width)) \(Int(height))"), Attr("width", "150"),
                        Attr("height", "330"), .aria("hidden", "true"), Attr("focusable", "false"),
                    ],
                    [el("g", [.class("body-map-body")], body)] + muscles),
                el("span", [.class("body-map-label")], [txt(label)]),
            ])
    }

    private static func legendLine(_ text: String?, swatch: String) -> HTMLNode {
        el(
            "p", [.class("body-map-legend-line body-map-legend-" + swatch), .flag("hidden", text == nil)],
            [
                el("span", [.class("body-map-swatch body-map-swatch-" + swatch), .aria("hidden", "true")]),
                el("span", [.class("body-map-legend-text")], [txt(text ?? "")]),
            ])
    }

    /// The muscles in their order, each once.
    fileprivate static func unique(_ muscles: [Exercise.Muscle]) -> [Exercise.Muscle] {
        var seen = Set<Exercise.Muscle>()
        return muscles.filter { seen.insert($0).inserted }
    }

    // MARK: - Drawing

    /// One step of a path, in absolute coordinates: move, line, quadratic and cubic curve, close.
    private enum Segment {
        case m(Double, Double)
        case l(Double, Double)
        case q(Double, Double, Double, Double)
        case c(Double, Double, Double, Double, Double, Double)
        case z
    }

    /// A closed shape of the body; unless it is centred, it is drawn on the left and mirrored.
    private struct Outline {
        let segments: [Segment]
        let mirrored: Bool

        init(centred: Bool = false, _ segments: [Segment]) {
            self.segments = segments
            self.mirrored = !centred
        }
    }

    /// A shape of one muscle group; unless it is centred, it is drawn on the left and mirrored.
    private struct Part {
        let muscle: Exercise.Muscle
        let segments: [Segment]
        let mirrored: Bool

        init(_ muscle: Exercise.Muscle, centred: Bool = false, _ segments: [Segment]) {
            self.muscle = muscle
            self.segments = segments
            self.mirrored = !centred
        }
    }

    /// Path data as drawn, e.g. `M48.8 42.8 C44 41.6 …`.
    private static func pathData(_ segments: [Segment]) -> String {
        format(segments, reflected: false)
    }

    /// Path data reflected around the centre line (x becomes width − x).
    private static func mirrored(_ segments: [Segment]) -> String {
        format(segments, reflected: true)
    }

    private static func format(_ segments: [Segment], reflected: Bool) -> String {
        func point(_ x: Double, _ y: Double) -> String {
            SVGNumber.format(reflected ? width - x : x) + " " + SVGNumber.format(y)
        }
        return segments.map { segment -> String in
            switch segment {
            case .m(let x, let y): return "M" + point(x, y)
            case .l(let x, let y): return "L" + point(x, y)
            case .q(let x1, let y1, let x, let y): return "Q" + point(x1, y1) + " " + point(x, y)
            case .c(let x1, let y1, let x2, let y2, let x, let y): return "C" + point(x1, y1) + " " + point(x2, y2) + " " + point(x, y)
            case .z: return "Z"
            }
        }
        .joined(separator: " ")
    }

    // MARK: - Artwork (left half; x ≤ 50)

    /// The body both views share: head, neck, torso, arms, hands, legs and feet.
    private static let silhouette: [Outline] = [
        Outline(
            centred: true,
            [
                .m(50, 4.5), .c(56, 4.5, 59.6, 9.4, 59.6, 15.8), .c(59.6, 22.8, 55.4, 28.8, 50, 28.8),
                .c(44.6, 28.8, 40.4, 22.8, 40.4, 15.8), .c(40.4, 9.4, 44, 4.5, 50, 4.5), .z,
            ]),
        Outline(
            centred: true,
            [
                .m(44.6, 24), .c(45, 30, 44.6, 34, 43, 38.5), .l(57, 38.5), .c(55.4, 34, 55, 30, 55.4, 24), .z,
            ]),
        Outline(
            [
                .m(51, 36.5), .l(44, 36.5), .c(40, 39, 33, 40, 28.5, 42), .c(24.5, 44, 23.5, 50, 26, 56), .l(30.6, 59),
                .c(31.4, 66, 33.6, 76, 35.2, 84), .c(35.6, 90, 32, 95, 31.2, 102), .l(40, 112), .l(51, 112.5), .z,
            ]),
        Outline(
            [
                .m(28, 42), .c(21, 43, 19.5, 50, 19.5, 58), .c(19, 68, 18, 76, 16.6, 84), .c(14.6, 90, 13, 100, 11.8, 112), .l(15.8, 113),
                .c(17, 106, 19.8, 100, 21.8, 95.5), .c(23.2, 92, 23.8, 89, 23.8, 86), .c(26, 80, 28, 72, 28.5, 68), .l(31, 58), .z,
            ]),
        Outline(
            [
                .m(11.5, 111), .c(9, 116, 8.5, 123, 9.5, 129), .c(10.5, 132, 13.5, 132, 14.5, 128), .c(15.5, 123, 16.5, 117, 15.8, 112), .z,
            ]),
        Outline(
            [
                .m(31.2, 100), .c(30, 115, 31, 138, 34.2, 154), .c(34.8, 157, 35, 159, 34.8, 162), .c(33, 168, 32.4, 176, 33.8, 185),
                .c(35.2, 193, 37.6, 199, 38.4, 205), .l(44.2, 205), .c(44.4, 197, 47.2, 187, 47.6, 177),
                .c(47.8, 170, 46.6, 165, 46.3, 161), .c(47.6, 155, 49, 148, 49.2, 140), .c(49.4, 130, 49.8, 120, 49.6, 112), .z,
            ]),
        Outline(
            [
                .m(38, 203), .c(37, 208, 35.5, 212, 36, 214.5), .c(37, 216.5, 44, 216.5, 45.5, 214.5), .c(46, 211, 45, 207, 44.5, 203), .z,
            ]),
    ]

    /// The muscles seen from the front.
    private static let front: [Part] = [
        Part(
            .neck,
            [
                .m(44.8, 27), .c(45.6, 31.5, 46.8, 35.5, 48.6, 39.5), .l(47.4, 40), .c(45.2, 37, 44, 33, 43.8, 28.5), .z,
            ]),
        Part(
            .traps,
            [
                .m(44, 35), .c(41.2, 37.8, 36.4, 39.6, 31.6, 40.8), .c(35.8, 41.6, 40.6, 41.2, 45, 38.4), .z,
            ]),
        Part(
            .shoulders,
            [
                .m(30.5, 42.2), .c(25.5, 42.8, 22, 46.2, 21.6, 52), .c(21.4, 56, 22.4, 59.5, 24.2, 62), .c(26, 56.5, 29, 51, 33.8, 46.8),
                .c(34.2, 44.6, 32.8, 42.6, 30.5, 42.2), .z,
            ]),
        Part(
            .chest,
            [
                .m(48.8, 42.8), .c(44, 41.6, 38.5, 42, 35.4, 45.2), .c(31.8, 48.6, 29.6, 53.5, 29.8, 57), .c(33, 60, 39, 61.8, 44.5, 61),
                .c(47.5, 60.5, 48.8, 59, 48.8, 56.5), .z,
            ]),
        Part(
            .biceps,
            [
                .m(27, 59.5), .c(23, 61.5, 20.2, 67, 19.8, 74), .c(19.6, 78.5, 20.6, 82, 22.6, 84), .c(25.6, 82, 27.8, 77, 28.6, 71),
                .c(29.2, 66, 28.8, 61.5, 27, 59.5), .z,
            ]),
        Part(
            .forearms,
            [
                .m(22.4, 87.2), .c(19, 86.8, 16.4, 89.6, 15.4, 94.6), .c(14.4, 100, 13.4, 105.5, 13, 110.2), .l(15.6, 110.6),
                .c(16.8, 105.6, 18.8, 100.8, 20.8, 97), .c(22.6, 93.6, 23.6, 89.4, 22.4, 87.2), .z,
            ]),
        Part(
            .abdominals,
            [
                .m(45.2, 63.5), .l(47.6, 63.5), .q(49.2, 63.5, 49.2, 65.1), .l(49.2, 69.4), .q(49.2, 71, 47.6, 71), .l(45.2, 71),
                .q(43.6, 71, 43.6, 69.4), .l(43.6, 65.1), .q(43.6, 63.5, 45.2, 63.5), .z,
            ]),
        Part(
            .abdominals,
            [
                .m(45.2, 72.5), .l(47.6, 72.5), .q(49.2, 72.5, 49.2, 74.1), .l(49.2, 78.9), .q(49.2, 80.5, 47.6, 80.5), .l(45.2, 80.5),
                .q(43.6, 80.5, 43.6, 78.9), .l(43.6, 74.1), .q(43.6, 72.5, 45.2, 72.5), .z,
            ]),
        Part(
            .abdominals,
            [
                .m(45.4, 82), .l(47.6, 82), .q(49.2, 82, 49.2, 83.6), .l(49.2, 88.4), .q(49.2, 90, 47.6, 90), .l(45.4, 90),
                .q(43.8, 90, 43.8, 88.4), .l(43.8, 83.6), .q(43.8, 82, 45.4, 82), .z,
            ]),
        Part(
            .abdominals,
            [
                .m(44, 91.5), .l(49.2, 91.5), .l(49.2, 106), .c(47, 104, 45, 100, 44, 96), .z,
            ]),
        Part(
            .abdominals,
            [
                .m(41.6, 63.2), .c(38, 63.4, 34.8, 64.6, 32.8, 66.4), .c(34.6, 73, 36.2, 81, 35.8, 89.6),
                .c(37.6, 93.4, 40.2, 96.6, 42.4, 98.6), .c(42.2, 88, 41.8, 75, 41.6, 63.2), .z,
            ]),
        Part(
            .abductors,
            [
                .m(31.8, 100.5), .c(30.9, 105, 30.8, 111, 31.4, 117), .c(33, 113, 35.2, 108.5, 38, 105.8),
                .c(36.4, 103, 34.3, 101.3, 31.8, 100.5), .z,
            ]),
        Part(
            .quadriceps,
            [
                .m(32.3, 120), .c(31.6, 128, 32, 138, 33.8, 145), .c(34.8, 149, 36, 152.6, 37.2, 155),
                .c(38.5, 155.5, 39.2, 154.4, 39, 152.8), .c(38.2, 146, 37.8, 138, 38.1, 130), .c(38.4, 122, 38.9, 114, 39.2, 108),
                .c(36.6, 111.5, 34.2, 115.6, 32.3, 120), .z,
            ]),
        Part(
            .quadriceps,
            [
                .m(40.8, 107.8), .c(39.8, 118, 39.8, 132, 41, 143), .c(41.4, 147, 41.8, 150, 42.4, 151.6),
                .c(43.2, 150.6, 43.8, 147.8, 44.2, 144), .c(45.2, 134, 45.2, 124, 44, 116), .c(43.4, 111.6, 42.2, 108.8, 40.8, 107.8), .z,
            ]),
        Part(
            .quadriceps,
            [
                .m(46.2, 139.2), .c(44.8, 143.4, 44.6, 150, 46, 155.2), .c(47.2, 156.4, 48.2, 155, 48, 150.6),
                .c(47.8, 146, 47.2, 141.8, 46.2, 139.2), .z,
            ]),
        Part(
            .adductors,
            [
                .m(45.4, 109.4), .c(46.8, 111.2, 48.2, 112.6, 49.4, 113.6), .c(49.2, 121.5, 48.2, 129.5, 46.8, 136),
                .c(46.8, 127, 46.4, 117.6, 45.4, 109.4), .z,
            ]),
        Part(
            .calves,
            [
                .m(35.4, 166.5), .c(33.8, 171, 33.4, 178.5, 34.8, 187), .c(36.4, 185.6, 37.6, 180, 37.8, 173.6),
                .c(37.9, 169.6, 37, 167, 35.4, 166.5), .z,
            ]),
        Part(
            .calves,
            [
                .m(44.4, 165.6), .c(46.4, 169, 47, 176.5, 46.4, 184.4), .c(46, 188.6, 45.2, 192, 44.2, 194.4),
                .c(42.6, 189, 41.8, 181, 42.2, 173), .c(42.5, 169, 43.2, 166.4, 44.4, 165.6), .z,
            ]),
    ]

    /// The muscles seen from the back.
    private static let back: [Part] = [
        Part(
            .neck,
            [
                .m(48.9, 30.6), .l(48.9, 35.2), .c(47.8, 35.3, 46.6, 35.5, 45.6, 35.9), .c(46.2, 34, 46.2, 32, 45.9, 30.2),
                .c(47, 30.5, 48, 30.6, 48.9, 30.6), .z,
            ]),
        Part(
            .traps,
            [
                .m(49.3, 36), .c(47.8, 36.6, 46, 37, 43.6, 37.8), .c(39, 39.2, 34.5, 40.4, 31.4, 41.8),
                .c(33, 43.6, 36.5, 45.2, 40.2, 47.6), .c(43.6, 50, 46.8, 53.5, 49.3, 57.5), .z,
            ]),
        Part(
            .middleBack,
            [
                .m(49.3, 59.5), .c(47, 56.2, 44.5, 53.6, 42, 51.6), .c(42.4, 57, 42.2, 62.5, 41.2, 67), .c(44.2, 72, 46.8, 78, 49.3, 84),
                .z,
            ]),
        Part(
            .middleBack,
            [
                .m(33.4, 46.8), .c(36, 47.4, 38.5, 48.6, 40.4, 50), .c(40.8, 55, 40.6, 60, 39.6, 64.5),
                .c(36.6, 62, 33.8, 58.5, 32.2, 54.2), .c(31.8, 51.6, 32.2, 48.8, 33.4, 46.8), .z,
            ]),
        Part(
            .lats,
            [
                .m(31.9, 58.6), .c(33.8, 62.2, 36.6, 65.8, 39.6, 68.8), .c(42.6, 74, 45.2, 80, 46.6, 86.4),
                .c(43.8, 88.6, 40.6, 89.8, 37.6, 90), .c(36.8, 82, 34.6, 73, 33, 66.5), .c(32.4, 63.8, 32, 61, 31.9, 58.6), .z,
            ]),
        Part(
            .lowerBack,
            [
                .m(49.3, 86.5), .l(49.3, 101.5), .c(47, 102, 45, 101, 43.8, 99.4), .c(43.8, 95.5, 44.8, 91.5, 46.6, 88.6),
                .c(47.4, 87.4, 48.3, 86.7, 49.3, 86.5), .z,
            ]),
        Part(
            .shoulders,
            [
                .m(30.2, 43.4), .c(25, 43.6, 21.8, 47, 21.5, 52.5), .c(21.3, 56.5, 22.4, 60, 24.4, 62.4),
                .c(25.6, 57, 27.8, 52.6, 31.2, 49.6), .c(32.2, 47.4, 31.9, 45, 30.2, 43.4), .z,
            ]),
        Part(
            .triceps,
            [
                .m(27.2, 59.5), .c(23.6, 62, 21, 68, 20.6, 75), .c(20.6, 79, 21.5, 82.5, 23.4, 84.5), .c(24.4, 80, 26.4, 76, 28.4, 73),
                .c(29.2, 67, 28.8, 62, 27.2, 59.5), .z,
            ]),
        Part(
            .forearms,
            [
                .m(22.4, 87.2), .c(19, 86.8, 16.4, 89.6, 15.4, 94.6), .c(14.4, 100, 13.4, 105.5, 13, 110.2), .l(15.6, 110.6),
                .c(16.8, 105.6, 18.8, 100.8, 20.8, 97), .c(22.6, 93.6, 23.6, 89.4, 22.4, 87.2), .z,
            ]),
        Part(
            .abductors,
            [
                .m(33.4, 94.6), .c(32.4, 98.6, 32.2, 103, 32.8, 107), .c(35.4, 103.6, 38.8, 101.2, 42.6, 100.4),
                .c(40.8, 97, 37.6, 94.6, 33.4, 94.6), .z,
            ]),
        Part(
            .glutes,
            [
                .m(49.3, 103.6), .c(45.6, 101.8, 39.8, 102.2, 35.6, 105.4), .c(32.6, 108.4, 32.2, 114, 33.6, 119),
                .c(36.8, 123.6, 43.4, 124.6, 49.3, 122.4), .z,
            ]),
        Part(
            .hamstrings,
            [
                .m(33.2, 125), .c(32.2, 133, 32.8, 143, 35.2, 151), .c(36, 154, 37, 156.6, 38, 158), .c(39, 157, 39.6, 154, 39.8, 150),
                .c(40.2, 142, 40.4, 133, 40.6, 126.6), .c(38.2, 126.4, 35.6, 125.9, 33.2, 125), .z,
            ]),
        Part(
            .hamstrings,
            [
                .m(42.2, 126.8), .c(41.8, 135, 42, 144, 43.2, 151), .c(43.8, 154, 44.6, 156.6, 45.4, 158),
                .c(46.4, 156.6, 47.2, 153.6, 47.6, 150), .c(48.4, 142, 48.8, 133, 48.8, 125.2), .c(46.8, 126.2, 44.6, 126.7, 42.2, 126.8),
                .z,
            ]),
        Part(
            .calves,
            [
                .m(42.2, 163.4), .c(41.4, 169, 41.6, 177, 42.6, 184.4), .c(43.6, 188, 46, 188, 46.6, 184.4),
                .c(47.4, 177.6, 46.8, 168.6, 44.4, 163.8), .c(43.7, 163.3, 42.9, 163.2, 42.2, 163.4), .z,
            ]),
        Part(
            .calves,
            [
                .m(40.2, 163.4), .c(37.2, 164, 35, 168, 34.6, 175), .c(34.4, 180, 35.4, 184.6, 37.4, 186.6),
                .c(39, 186.8, 40.4, 185, 40.6, 182), .c(40.9, 175.5, 40.9, 168.5, 40.2, 163.4), .z,
            ]),
        Part(
            .calves,
            [
                .m(37.2, 189.6), .c(38.2, 194, 39.4, 198, 40.4, 201.4), .l(43, 201.4), .c(43.8, 197.6, 44.6, 193.4, 45, 189.8),
                .c(43, 191.4, 39.6, 191.6, 37.2, 189.6), .z,
            ]),
    ]
}
