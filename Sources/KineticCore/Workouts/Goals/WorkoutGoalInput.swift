import Foundation

/// A workout goal as sent (API or form), new or edited: `name` (1–60 characters),
/// `description` (optional, at most 500), `times` (1–1,000), `categories` and `muscles`
/// (optional lists of names; none means any), `minutes` (optional, 5–240), `daysPerWeek` (1–7)
/// and `reminderDays` (optional weekday names, at most `daysPerWeek` of them: the seed's
/// "notify").
public enum WorkoutGoalInput {
    public static let longestName = 60
    public static let longestDescription = 500
    public static let timesRange = 1...1000
    public static let minutesRange = 5...240
    public static let daysPerWeekRange = 1...7

    public static func validate(_ members: [String: JSONValue]) -> Result<WorkoutGoal, FieldErrors> {
        var reader = JSONMemberReader(
            members, known: ["name", "description", "times", "categories", "muscles", "minutes", "daysPerWeek", "reminderDays"])
        let name = reader.string("name")?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let name, name.isEmpty { reader.fail("name", "error.field.required") }
        if let name, name.count > longestName { reader.fail("name", "error.goal.nameTooLong") }
        let description = (reader.nullableString("description") ?? nil)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if description.count > longestDescription { reader.fail("description", "error.goal.descriptionTooLong") }
        let times = reader.integer("times")
        if let times, !timesRange.contains(times) { reader.fail("times", "error.goal.timesRange") }
        let categories =
            members["categories"] == nil
            ? [] : reader.names("categories", of: Exercise.Category.self, unknownKey: "error.workout.categoryUnknown")
        let muscles =
            members["muscles"] == nil ? [] : reader.names("muscles", of: Exercise.Muscle.self, unknownKey: "error.workout.muscleUnknown")
        let minutes = reader.nullableInteger("minutes") ?? nil
        if let minutes, !minutesRange.contains(minutes) { reader.fail("minutes", "error.goal.minutesRange") }
        let daysPerWeek = reader.integer("daysPerWeek")
        if let daysPerWeek, !daysPerWeekRange.contains(daysPerWeek) { reader.fail("daysPerWeek", "error.goal.daysPerWeekRange") }
        let reminderDays =
            members["reminderDays"] == nil ? [] : reader.names("reminderDays", of: Weekday.self, unknownKey: "error.goal.weekdayUnknown")
        if let reminderDays, let daysPerWeek, reminderDays.count > daysPerWeek {
            reader.fail("reminderDays", "error.goal.tooManyReminderDays")
        }
        return reader.result(
            { () -> WorkoutGoal? in
                guard let name, let times, let categories, let muscles, let daysPerWeek, let reminderDays else { return nil }
                return WorkoutGoal(
                    name: name, description: description, times: times, categories: categories, muscles: muscles,
                    minutes: minutes, daysPerWeek: daysPerWeek, reminderDays: reminderDays
                )
            }())
    }
}
