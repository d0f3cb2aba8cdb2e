/// A line icon, drawn on a 24×24 grid with a 2 px stroke: its SVG path data. The shell's and
/// the ones several modules use are here; each module declares its own in its folder
/// (`<Module>+Icons.swift`), its menu icon among them.
struct Icon: Sendable, Equatable {
    /// The SVG path data of the icon.
    let pathData: String

    static let menu = Icon(pathData: "M4 7h16M4 12h16M4 17h16")
    static let close = Icon(pathData: "M6 6l12 12M18 6L6 18")
    static let profile = Icon(pathData: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4-6 8-6s7 2 8 6")
    static let settings = Icon(
        pathData:
            "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1")
    static let logout = Icon(pathData: "M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10")
    static let chevronRight = Icon(pathData: "M9 6l6 6-6 6")
    static let chevronDown = Icon(pathData: "M6 9l6 6 6-6")
    static let back = Icon(pathData: "M15 6l-6 6 6 6")
    static let plus = Icon(pathData: "M12 5v14M5 12h14")
    static let arrowUp = Icon(pathData: "M12 19V5M6 11l6-6 6 6")
    static let arrowDown = Icon(pathData: "M12 5v14M6 13l6 6 6-6")
    static let app = Icon(pathData: "M5 5h6v6H5zM13 5h6v6h-6zM5 13h6v6H5zM13 13h6v6h-6z")
    static let search = Icon(pathData: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4")
    static let list = Icon(pathData: "M9 6h11M9 12h11M9 18h11M4 6h1M4 12h1M4 18h1")
    static let filter = Icon(pathData: "M4 5h16l-6 8v6l-4-2v-4z")
    static let download = Icon(pathData: "M12 4v11M7 10l5 5 5-5M5 20h14")
    static let chevronUp = Icon(pathData: "M6 15l6-6 6 6")
    static let trash = Icon(pathData: "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6")
    static let pencil = Icon(pathData: "M4 20l1-4L16 5l3 3L8 19zM14 7l3 3")
    static let check = Icon(pathData: "M5 12l5 5 9-10")
    /// A cloud struck through: no network.
    static let offline = Icon(pathData: "M8 18h9a4 4 0 0 0 1-7.9A6 6 0 0 0 7 8.2 4.6 4.6 0 0 0 8 18zM4 4l16 16")
}

/// An inline SVG icon; decorative unless a label is given.
func icon(_ icon: Icon, label: String? = nil, className: String = "icon") -> HTMLNode {
    el(
        "svg",
        [
            Attr("class", className), Attr("viewBox", "0 0 24 24"), Attr("width", "24"), Attr("height", "24"),
            Attr("fill", "none"), Attr("stroke", "currentColor"), Attr("stroke-width", "2"),
            Attr("stroke-linecap", "round"), Attr("stroke-linejoin", "round"),
            label == nil ? Attr("aria-hidden", "true") : Attr("role", "img"),
            label.map { Attr("aria-label", $0) },
        ], [el("path", [Attr("d", icon.pathData)])])
}
