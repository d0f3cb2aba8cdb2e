/// The Wishes module's icons (``Icon``).
extension Icon {
    static let wishes = Icon(pathData: "M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-4-6-1s6 1 6 1c2-4 6-4 6-1s-6 1-6 1")
    static let cake = Icon(
        pathData: "M4 20h16M5 20v-7h14v7M5 16c2 1.5 3.5 1.5 5 0s3.5-1.5 5 0 3 1.5 4 0M8 13V9M12 13V9M16 13V9M8 6v.5M12 5v1M16 6v.5")
    static let rings = Icon(pathData: "M9 20a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM15 20a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM10 4l2 3 2-3")
    static let star = Icon(pathData: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z")
    static let party = Icon(pathData: "M4 20l5-13 8 8zM14 4v2M18 6l-1.5 1.5M20 10h-2M15 9l3-3")
    static let flower = Icon(
        pathData:
            "M12 14v7M12 18c-2-2-4-2-5-1M12 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM12 10c-1-3 0-6 0-6s1 3 0 6zM14 12c3-1 6 0 6 0s-3 1-6 0zM10 12c-3 1-6 0-6 0s3-1 6 0z"
    )
    static let inbox = Icon(pathData: "M4 13l2.5-8h11l2.5 8v6H4zM4 13h5l1 2h4l1-2h5")
    static let send = Icon(pathData: "M21 3L10 14M21 3l-7 18-4-7-7-4z")
    static let people = Icon(
        pathData:
            "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14.8c2 .6 3.2 2.4 3.5 5.2"
    )
}
