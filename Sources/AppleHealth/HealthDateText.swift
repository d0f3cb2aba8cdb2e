/// Apple Health's date format (`2021-01-01 10:00:00 -0800`) for callers holding a `String`.
public enum HealthDateText {
    /// Seconds since 1970 (UTC) and the UTC offset in seconds; nil when the text is not that format.
    public static func parse(_ text: String) -> (seconds: Double, offset: Int)? {
        HealthDate.parse(ArraySlice(text.utf8))
    }
}
