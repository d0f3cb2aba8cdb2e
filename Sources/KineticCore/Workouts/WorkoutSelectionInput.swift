/// The Get Workout page's choices as sent (API or form), validated into a ``WorkoutSelection``
/// and the chosen theme ids, with a message per field:
/// `categories` **or** `muscles` (at least one, never both), `equipment` (any), `difficulty`
/// (one level), `duration` (minutes, one of ``WorkoutSelection/durations``), `themes` (at most
/// ``maximumThemes`` ids, checked against the user's themes by the caller).
public enum WorkoutSelectionInput {
    public static let maximumThemes = 5

    public struct Validated: Equatable, Sendable {
        public let selection: WorkoutSelection
        public let themeIDs: [String]
    }

    public static func validate(_ members: [String: JSONValue]) -> Result<Validated, FieldErrors> {
        var reader = JSONMemberReader(members, known: ["categories", "muscles", "equipment", "difficulty", "duration", "themes"])
        let categories =
            members["categories"] == nil
            ? nil : reader.names("categories", of: Exercise.Category.self, unknownKey: "error.workout.categoryUnknown")
        let muscles =
            members["muscles"] == nil ? nil : reader.names("muscles", of: Exercise.Muscle.self, unknownKey: "error.workout.muscleUnknown")
        var focus: WorkoutSelection.Focus?
        switch (categories, muscles) {
        case (let categories?, let muscles?) where !categories.isEmpty && !muscles.isEmpty:
            reader.fail("categories", "error.workout.focusBoth")
            reader.fail("muscles", "error.workout.focusBoth")
        case (let categories?, _) where !categories.isEmpty: focus = .categories(categories)
        case (_, let muscles?) where !muscles.isEmpty: focus = .muscles(muscles)
        default: reader.fail("categories", "error.workout.focusMissing")
        }
        let equipment =
            members["equipment"] == nil
            ? [] : reader.names("equipment", of: Exercise.Equipment.self, unknownKey: "error.workout.equipmentUnknown") ?? []
        let level = reader.string("difficulty").flatMap { text -> Exercise.Level? in
            guard let level = Exercise.Level(rawValue: text) else {
                reader.fail("difficulty", "error.workout.difficultyUnknown")
                return nil
            }
            return level
        }
        let minutes = reader.integer("duration").flatMap { minutes -> Int? in
            guard WorkoutSelection.durations.contains(minutes) else {
                reader.fail("duration", "error.workout.durationUnknown")
                return nil
            }
            return minutes
        }
        var themes: [String] = []
        if members["themes"] != nil, let ids = reader.strings("themes", missingKey: "error.workout.themesExpected") {
            if Set(ids).count > maximumThemes {
                reader.fail("themes", "error.workout.tooManyThemes")
            } else {
                themes = ids.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            }
        }
        return reader.result(
            { () -> Validated? in
                guard let focus, let level, let minutes else { return nil }
                return Validated(
                    selection: WorkoutSelection(focus: focus, equipment: equipment, level: level, minutes: minutes), themeIDs: themes)
            }())
    }
}
