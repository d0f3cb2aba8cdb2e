/// The line icons of the app shell, drawn on a 24×24 grid with a 2 px stroke.
enum Icon: String, CaseIterable {
    case menu, close, goals, steps, workouts, reports, wishes, profile, settings, logout, chevronRight, chevronDown, back, plus, arrowUp,
        arrowDown, watch, phone, hand, app, grip
    case search, levelTop, recentre, list, filter, download, zoomIn, zoomOut, chevronUp, scan
    case cake, rings, star, party, flower, trash, pencil, check, inbox, send, people

    /// The SVG path data of the icon.
    var pathData: String {
        switch self {
        case .menu: "M4 7h16M4 12h16M4 17h16"
        case .close: "M6 6l12 12M18 6L6 18"
        case .goals: "M12 3a9 9 0 1 0 9 9M12 7a5 5 0 1 0 5 5M12 11a1 1 0 1 0 1 1M12 12l7-7M16 5h3v3"
        case .steps: "M8 3c2 0 3 2 3 5s-1 5-3 5-3-2-3-5 1-5 3-5zM6 16h4v2a2 2 0 0 1-4 0zM16 7c2 0 3 2 3 5s-1 5-3 5-3-2-3-5 1-5 3-5zM14 20h4"
        case .workouts: "M3 10v4M6 7v10M18 7v10M21 10v4M6 12h12"
        case .reports: "M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6"
        case .wishes: "M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-4-6-1s6 1 6 1c2-4 6-4 6-1s-6 1-6 1"
        case .profile: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4-6 8-6s7 2 8 6"
        case .settings:
            "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1"
        case .logout: "M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10"
        case .chevronRight: "M9 6l6 6-6 6"
        case .chevronDown: "M6 9l6 6 6-6"
        case .back: "M15 6l-6 6 6 6"
        case .plus: "M12 5v14M5 12h14"
        case .arrowUp: "M12 19V5M6 11l6-6 6 6"
        case .arrowDown: "M12 5v14M6 13l6 6 6-6"
        case .watch: "M8 7h8v10H8zM9 7l1-4h4l1 4M9 17l1 4h4l1-4"
        case .phone: "M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 19h2"
        case .hand:
            "M8 13V5a1.5 1.5 0 0 1 3 0v6M11 11V4a1.5 1.5 0 0 1 3 0v7M14 11V5a1.5 1.5 0 0 1 3 0v8c0 5-3 8-7 8-3 0-5-2-6-5l-1-3a1.5 1.5 0 0 1 3-1l1 2"
        case .app: "M5 5h6v6H5zM13 5h6v6h-6zM5 13h6v6H5zM13 13h6v6h-6z"
        case .grip: "M5 8h14M5 12h14M5 16h14"
        case .search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4"
        case .levelTop: "M4 11l8-7 8 7M6 10v10h12V10"
        case .recentre: "M12 18a6 6 0 1 0 0-12 6 6 0 0 0 0 12zM12 2v4M12 18v4M2 12h4M18 12h4"
        case .list: "M9 6h11M9 12h11M9 18h11M4 6h1M4 12h1M4 18h1"
        case .filter: "M4 5h16l-6 8v6l-4-2v-4z"
        case .download: "M12 4v11M7 10l5 5 5-5M5 20h14"
        case .zoomIn: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4M8 11h6M11 8v6"
        case .zoomOut: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4M8 11h6"
        case .chevronUp: "M6 15l6-6 6 6"
        case .scan: "M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M8 10h8M8 14h5"
        case .cake: "M4 20h16M5 20v-7h14v7M5 16c2 1.5 3.5 1.5 5 0s3.5-1.5 5 0 3 1.5 4 0M8 13V9M12 13V9M16 13V9M8 6v.5M12 5v1M16 6v.5"
        case .rings: "M9 20a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM15 20a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM10 4l2 3 2-3"
        case .star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"
        case .party: "M4 20l5-13 8 8zM14 4v2M18 6l-1.5 1.5M20 10h-2M15 9l3-3"
        case .flower:
            "M12 14v7M12 18c-2-2-4-2-5-1M12 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM12 10c-1-3 0-6 0-6s1 3 0 6zM14 12c3-1 6 0 6 0s-3 1-6 0zM10 12c-3 1-6 0-6 0s3-1 6 0z"
        case .trash: "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6"
        case .pencil: "M4 20l1-4L16 5l3 3L8 19zM14 7l3 3"
        case .check: "M5 12l5 5 9-10"
        case .inbox: "M4 13l2.5-8h11l2.5 8v6H4zM4 13h5l1 2h4l1-2h5"
        case .send: "M21 3L10 14M21 3l-7 18-4-7-7-4z"
        case .people:
            "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14.8c2 .6 3.2 2.4 3.5 5.2"
        }
    }
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
