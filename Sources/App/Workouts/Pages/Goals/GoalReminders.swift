/// Today's workout-goal reminders (the seed's "notify", in the app): one line per goal whose
/// reminder is due, linking to Goals.
enum GoalReminders {
    static func render(_ reminders: [String], l: Localizer) -> HTMLNode {
        guard !reminders.isEmpty else { return .empty }
        return el(
            "section", [.class("card goal-reminders"), .id("goal-reminders"), .aria("labelledby", "goal-reminders-title")],
            [
                el("h2", [.class("card-title"), .id("goal-reminders-title")], [txt(l.t("workoutGoals.reminderToday"))]),
                el("ul", [], reminders.map { el("li", [], [txt($0)]) }),
                el("a", [Attr("href", SiteURL.workouts(.goals).path)], [txt(l.t("workoutGoals.seeGoals"))]),
            ])
    }
}
