/// The Workouts module's own navigation under the top bar: Workouts, Fitness, Goals, Music and
/// Themes, the current one marked for screen readers.
enum WorkoutsTabs {
    enum Tab { case workouts, fitness, goals, music, themes }

    static func render(_ current: Tab, l: Localizer) -> HTMLNode {
        let tabs: [(Tab, String, String)] = [
            (.workouts, SiteURL.module(.workouts).path, l.t("workouts.tab.workouts")),
            (.fitness, SiteURL.workouts(.fitness).path, l.t("workouts.tab.fitness")),
            (.goals, SiteURL.workouts(.goals).path, l.t("workouts.tab.goals")),
            (.music, SiteURL.workouts(.music).path, l.t("workouts.tab.music")),
            (.themes, SiteURL.workouts(.themes).path, l.t("workouts.tab.themes")),
        ]
        return el(
            "nav", [.class("module-tabs"), .aria("label", l.t("workouts.tab.label"))],
            [
                el(
                    "ul", [],
                    tabs.map { tab, href, title in
                        el(
                            "li", [],
                            [
                                el(
                                    "a", [.class("module-tab"), Attr("href", href), tab == current ? .aria("current", "page") : nil],
                                    [txt(title)])
                            ])
                    })
            ])
    }
}
