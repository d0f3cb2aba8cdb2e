import KineticCore

/// The muscles an exercise works, drawn on a front and a back view of a standing figure, with a
/// caption that names them.
///
/// Each view is an SVG image (`/workouts/body-map/front.svg?primary=chest&secondary=triceps`,
/// ``svg(_:muscles:)``): a neutral body and on it one or more shapes per muscle group, primary
/// muscles solid blue, secondary ones a lighter blue with a dashed outline (so they differ
/// without colour). As images, the drawing is fetched once per set of muscles and cached, not
/// repeated in every exercise of a Summary. Every one of the 17 groups is on at least one
/// view: the front shows the neck, traps (their slope), shoulders (front delts), chest, biceps,
/// forearms, abdominals (with the obliques), abductors (outer hip), adductors (inner thigh),
/// quadriceps and calves; the back the neck, traps, shoulders (rear delts), middle back, lats,
/// lower back, triceps, forearms, abductors (side of the hip), glutes, hamstrings and calves.
///
/// The artwork is Kinetic's own, drawn for it (`BodyMap+Artwork.swift`); no outside artwork or
/// tracing went into it. The images are decorative (empty `alt`): the caption says the same in
/// words.
enum BodyMap {
    /// The two views.
    enum View: String, CaseIterable {
        case front, back

        var parts: [Part] { self == .front ? BodyMap.front : BodyMap.back }
    }

    /// The width and height of each view's box; the centre line is at half the width.
    static let width = 100.0
    static let height = 220.0

    /// The muscles an exercise works, each once: primary ones, then secondary ones that are
    /// not also primary.
    struct Muscles: Equatable {
        let primary: [Exercise.Muscle]
        let secondary: [Exercise.Muscle]

        init(primary: [Exercise.Muscle], secondary: [Exercise.Muscle]) {
            self.primary = BodyMap.unique(primary)
            self.secondary = BodyMap.unique(secondary).filter { !primary.contains($0) }
        }

        init(_ exercise: Exercise) {
            self.init(primary: exercise.primaryMuscles, secondary: exercise.secondaryMuscles)
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
                    View.allCases.map { view in
                        el(
                            "div", [.class("body-map-view")],
                            [
                                voidEl(
                                    "img",
                                    [
                                        .class("body-map-figure body-map-\(view.rawValue)"), Attr("src", url(view, muscles)),
                                        Attr("alt", ""),
                                        Attr("width", "150"), Attr("height", "330"), Attr("decoding", "async"),
                                    ]),
                                el("span", [.class("body-map-label")], [txt(l.t("workouts.bodyMap.\(view.rawValue)"))]),
                            ])
                    }),
                el(
                    "figcaption", [.class("body-map-legend")],
                    [legendLine(legend.primary, swatch: "primary"), legendLine(legend.secondary, swatch: "secondary")]),
            ])
    }

    /// Where `view` with `muscles` is drawn; the same muscles always give the same address.
    static func url(_ view: View, _ muscles: Muscles) -> String {
        func names(_ list: [Exercise.Muscle]) -> String? { list.isEmpty ? nil : list.map(urlName).sorted().joined(separator: ",") }
        return SiteURL.workouts(.bodyMap(view: view.rawValue + ".svg"))
            .with([("primary", names(muscles.primary)), ("secondary", names(muscles.secondary))])
    }

    /// A muscle as the image's address names it: `lower-back`.
    static func urlName(_ muscle: Exercise.Muscle) -> String {
        muscle.rawValue.replacingOccurrences(of: " ", with: "-")
    }

    /// The muscles a comma-separated list of ``urlName(_:)``s names; nil when one is unknown.
    static func muscles(named list: String?) -> [Exercise.Muscle]? {
        guard let list, !list.isEmpty else { return [] }
        var muscles: [Exercise.Muscle] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let muscle = Exercise.Muscle(rawValue: name.replacingOccurrences(of: "-", with: " ")) else { return nil }
            muscles.append(muscle)
        }
        return muscles
    }

    /// Every muscle group some view draws (all of them; a test holds it to that).
    static var drawnMuscles: Set<Exercise.Muscle> { Set((front + back).map(\.muscle)) }

    /// The SVG document of `view` with `muscles` highlighted; its colours are the app's (blue
    /// `#1f6bff` on greys).
    static func svg(_ view: View, muscles: Muscles) -> String {
        var body = ""
        for outline in silhouette {
            // One path per half: a half and its mirror image wind opposite ways, so in one path
            // their overlap on the centre line would cancel out and leave a gap.
            body += "<path d=\"\(pathData(outline.segments))\"/>"
            if outline.mirrored { body += "<path d=\"\(mirrored(outline.segments))\"/>" }
        }
        var shapes = ""
        for part in view.parts {
            let kind =
                muscles.primary.contains(part.muscle) ? " primary" : muscles.secondary.contains(part.muscle) ? " secondary" : ""
            let data = part.mirrored ? pathData(part.segments) + " " + mirrored(part.segments) : pathData(part.segments)
            shapes += "<path class=\"muscle \(urlName(part.muscle))\(kind)\" d=\"\(data)\"/>"
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(Int(width)) \(Int(height))" width="150" height="330">\
            <style>.body{fill:#e9ebf0}.muscle{fill:#d3d7df}.primary{fill:#1f6bff}\
            .secondary{fill:#93b1ef;stroke:#1f6bff;stroke-width:.7;stroke-dasharray:1.6 1.1;stroke-linejoin:round}</style>\
            <g class="body">\(body)</g>\(shapes)</svg>
            """
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
}
