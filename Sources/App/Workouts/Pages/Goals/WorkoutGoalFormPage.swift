import Foundation
import KineticCore

/// Add or change a workout goal: name, description, how many times, categories, muscle groups,
/// duration, days a week, and the reminder days (the seed's "notify"); a goal being changed
/// also has Remove.
enum WorkoutGoalFormPage {
    /// The form as typed.
    struct Form {
        var name = ""
        var description = ""
        var times = "10"
        var categories: Set<String> = []
        var muscles: Set<String> = []
        var minutes = ""
        var daysPerWeek = "3"
        var reminderDays: Set<String> = []

        init() {}

        init(_ goal: WorkoutGoal) {
            name = goal.name
            description = goal.description
            times = String(goal.times)
            categories = Set(goal.categories.map(\.rawValue))
            muscles = Set(goal.muscles.map(\.rawValue))
            minutes = goal.minutes.map(String.init) ?? ""
            daysPerWeek = String(goal.daysPerWeek)
            reminderDays = Set(goal.reminderDays.map(\.rawValue))
        }
    }

    struct Model {
        /// The goal being changed; nil for a new one.
        var id: String?
        var form: Form
        var errors: [String: String] = [:]
        var firstWeekday: Weekday
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let form = model.form
        let action = model.id.map { SiteURL.workouts(.goal(id: $0)).path } ?? SiteURL.workouts(.newGoal).path
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = l.locale
        let weekdays = Weekday.week(startingOn: model.firstWeekday).map { ($0.rawValue, calendar.weekdaySymbols[$0.calendarNumber - 1]) }
        let content: [HTMLNode] = [
            el(
                "form", [Attr("method", "post"), Attr("action", action), .class("form goal-form"), .id("goal-form")],
                [
                    CSRFField.render(context.csrfToken),
                    banner(model.errors.isEmpty ? nil : l.t("workoutGoals.fixErrors"), isError: true),
                    el(
                        "div", [.class("card")],
                        [
                            FormField.render(
                                .init(name: "name", label: l.t("workoutGoals.name"), value: form.name, error: model.errors["name"])),
                            textArea(
                                name: "description", label: l.t("workoutGoals.description"), value: form.description,
                                error: model.errors["description"]),
                            FormField.render(
                                .init(
                                    name: "times", label: l.t("workoutGoals.times"), type: "number", value: form.times,
                                    error: model.errors["times"],
                                    hint: l.t("workoutGoals.timesHint"))),
                            FormField.render(
                                .init(
                                    name: "minutes", label: l.t("workoutGoals.minutes"), type: "number", value: form.minutes,
                                    error: model.errors["minutes"], hint: l.t("workoutGoals.minutesHint"), required: false)),
                        ]),
                    ChoiceFields.chips(
                        name: "categories", legend: l.t("workoutGoals.categories"), hint: l.t("workoutGoals.anyHint"),
                        options: Exercise.Category.allCases.map { ($0.rawValue, l.category($0)) }, chosen: form.categories,
                        error: model.errors.first { $0.key.hasPrefix("categories") }?.value),
                    ChoiceFields.chips(
                        name: "muscles", legend: l.t("workoutGoals.muscles"), hint: l.t("workoutGoals.anyHint"),
                        options: Exercise.Muscle.allCases.map { ($0.rawValue, l.muscle($0)) }, chosen: form.muscles,
                        error: model.errors.first { $0.key.hasPrefix("muscles") }?.value),
                    ChoiceFields.segmented(
                        name: "daysPerWeek", legend: l.t("workoutGoals.daysPerWeek"),
                        options: (1...7).map { (String($0), l.number($0)) }, chosen: form.daysPerWeek, hint: nil,
                        error: model.errors["daysPerWeek"]),
                    ChoiceFields.chips(
                        name: "reminderDays", legend: l.t("workoutGoals.notify"), hint: l.t("workoutGoals.notifyHint"),
                        options: weekdays, chosen: form.reminderDays,
                        error: model.errors.first { $0.key.hasPrefix("reminderDays") }?.value),
                    el(
                        "button", [.class("button button-primary button-block"), Attr("type", "submit"), .id("goal-save")],
                        [
                            txt(l.t(model.id == nil ? "workoutGoals.addSubmit" : "workoutGoals.save"))
                        ]),
                ]),
            model.id.map { WorkoutGoalsPage.removeForm(id: $0, name: form.name, context: context, block: true) } ?? .empty,
        ]
        return Layout.render(
            .init(
                title: l.t(model.id == nil ? "workoutGoals.addTitle" : "workoutGoals.editTitle"),
                backLink: (SiteURL.workouts(.goals).path, l.t("workouts.tab.goals")), stylesheet: WorkoutsModule.stylesheet,
                scripts: ["js/shared/confirm-forms.js"]),
            context: context, content: content
        )
    }

    private static func textArea(name: String, label: String, value: String, error: String?) -> HTMLNode {
        let id = "field-" + name
        return el(
            "div", [.class(error == nil ? "field" : "field field-invalid")],
            [
                el("label", [Attr("for", id), .class("field-label")], [txt(label)]),
                el(
                    "textarea",
                    [
                        .id(id), Attr("name", name), .class("field-input field-textarea"), Attr("rows", "3"), Attr("maxlength", "500"),
                        error == nil ? nil : .aria("invalid", "true"), error == nil ? nil : .aria("describedby", id + "-error"),
                    ], [txt(value)]),
                error.map { el("p", [.id(id + "-error"), .class("field-error")], [txt($0)]) } ?? .empty,
            ])
    }
}
