import Foundation

/// A new music theme as sent (the seed's Theme(name, theme, numWorkouts)): `name` (1–60
/// characters), `kind` (`artist`, `genre` or `song`), `value` (the artist's or genre's name,
/// or a song id: the caller checks it is one of the user's songs) and `workouts`, how many
/// workouts it is for (1–100).
public struct MusicThemeInput: Equatable, Sendable {
    public static let longestName = 60
    public static let workoutCounts = 1...100

    public let name: String
    public let theme: MusicTheme
    public let workouts: Int

    public static func validate(_ members: [String: JSONValue]) -> Result<MusicThemeInput, FieldErrors> {
        var reader = JSONMemberReader(members, known: ["name", "kind", "value", "workouts"])
        let name = reader.string("name")?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let name, name.isEmpty { reader.fail("name", "error.field.required") }
        if let name, name.count > longestName { reader.fail("name", "error.theme.nameTooLong") }
        let kind = reader.string("kind").flatMap { text -> MusicTheme.Kind? in
            guard let kind = MusicTheme.Kind(rawValue: text) else {
                reader.fail("kind", "error.theme.kindUnknown")
                return nil
            }
            return kind
        }
        let value = reader.string("value")?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let value, value.isEmpty { reader.fail("value", kind == .song ? "error.theme.songMissing" : "error.field.required") }
        if let value, value.count > AudioProbe.longestTag { reader.fail("value", "error.song.tagTooLong") }
        let workouts = reader.integer("workouts")
        if let workouts, !workoutCounts.contains(workouts) { reader.fail("workouts", "error.theme.workoutsRange") }
        return reader.result(
            { () -> MusicThemeInput? in
                guard let name, let kind, let value, let workouts else { return nil }
                return MusicThemeInput(name: name, theme: MusicTheme(kind: kind, value: value), workouts: workouts)
            }())
    }
}
