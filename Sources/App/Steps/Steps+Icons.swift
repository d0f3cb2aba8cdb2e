/// The Steps module's icons (``Icon``).
extension Icon {
    static let steps = Icon(
        pathData: "M8 3c2 0 3 2 3 5s-1 5-3 5-3-2-3-5 1-5 3-5zM6 16h4v2a2 2 0 0 1-4 0zM16 7c2 0 3 2 3 5s-1 5-3 5-3-2-3-5 1-5 3-5zM14 20h4")
    static let watch = Icon(pathData: "M8 7h8v10H8zM9 7l1-4h4l1 4M9 17l1 4h4l1-4")
    static let phone = Icon(pathData: "M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 19h2")
    static let hand = Icon(
        pathData:
            "M8 13V5a1.5 1.5 0 0 1 3 0v6M11 11V4a1.5 1.5 0 0 1 3 0v7M14 11V5a1.5 1.5 0 0 1 3 0v8c0 5-3 8-7 8-3 0-5-2-6-5l-1-3a1.5 1.5 0 0 1 3-1l1 2"
    )
    static let grip = Icon(pathData: "M5 8h14M5 12h14M5 16h14")
}
