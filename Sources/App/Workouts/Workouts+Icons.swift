/// The Workouts module's icons (``Icon``).
extension Icon {
    static let workouts = Icon(pathData: "M3 10v4M6 7v10M18 7v10M21 10v4M6 12h12")
}
