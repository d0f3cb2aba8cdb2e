import KineticCore

extension GetWorkoutPage {
    /// The choices as the form holds them (strings, so refused input comes back as typed).
    struct Choices {
        /// `categories` or `muscles`: which of the two the workout is built around.
        var focus = "categories"
        var categories: Set<String> = []
        var muscles: Set<String> = []
        var equipment: Set<String> = []
        var difficulty = Exercise.Level.beginner.rawValue
        var duration = 20
        var themes: Set<String> = []

        /// The members ``WorkoutSelectionInput`` reads: only the chosen focus's names.
        var members: [String: JSONValue] {
            var members: [String: JSONValue] = [
                "equipment": .array(equipment.sorted().map(JSONValue.string)),
                "difficulty": .string(difficulty), "duration": .number(Double(duration)),
                "themes": .array(themes.sorted().map(JSONValue.string)),
            ]
            if focus == "muscles" {
                members["muscles"] = .array(muscles.sorted().map(JSONValue.string))
            } else {
                members["categories"] = .array(categories.sorted().map(JSONValue.string))
            }
            return members
        }
    }

    struct ThemeOption {
        let id: String
        let name: String
        let detail: String
    }

    struct Model {
        var choices = Choices()
        var themes: [ThemeOption] = []
        /// Messages by field (`categories`, `themes`, …), localized.
        var errors: [String: String] = [:]
        /// A message for the whole form (too few exercises).
        var message: String?
    }
}
