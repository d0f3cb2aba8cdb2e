/// The Goals module's icons (``Icon``).
extension Icon {
    static let goals = Icon(pathData: "M12 3a9 9 0 1 0 9 9M12 7a5 5 0 1 0 5 5M12 11a1 1 0 1 0 1 1M12 12l7-7M16 5h3v3")
}
