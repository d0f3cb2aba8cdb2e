import KineticCore

/// The Goals page (seed: "Main Goals Screen"): month bar, Jumps / Calories switcher, the current
/// goal, the ring graph with its three swipeable views, and the way to Jump History and Edit.
enum GoalsPage {
    static func render(_ model: Model, view: RingRepresentation, context: PageContext) -> String {
        let l = context.localizer
        // Goals are edited for the current month; a past month keeps the goals it had.
        let editButton =
            model.isCurrentMonth
            ? el(
                "button",
                [
                    .class("top-bar-text-button"), Attr("type", "button"), .id("edit-goals-button"),
                    .aria("haspopup", "dialog"), .aria("controls", "edit-goals"),
                ], [txt(l.t("goals.edit"))]) : nil
        let kept = keptQuery(model, view: view)
        return Layout.render(
            .init(
                title: l.t("nav.goals"), topBarAction: editButton, stylesheet: GoalsModule.stylesheet, scripts: ["js/goals/goals.js"],
                bodyClass: "goals-body"), context: context,
            content: [
                // Another month keeps the chosen category and ring view (the script keeps these links current).
                MonthBar.render(
                    .init(
                        navigation: model.navigation, action: SiteURL.module(.goals).path, kept: kept,
                        link: { SiteURL.module(.goals).with([("month", $0.description)] + kept) }
                    ), l: l),
                categorySwitch(model, view: view, l: l),
                el("div", [.class("goal-panels")], model.categories.map { panel($0, model: model, view: view, l: l) }),
                streak(model, l: l),
                el(
                    "a", [.class("button button-secondary button-block history-link"), Attr("href", SiteURL.jumpHistory.path)],
                    [
                        txt(l.t("history.title")), icon(.chevronRight),
                    ]),
                model.isCurrentMonth
                    ? el(
                        "a", [.class("button button-secondary button-block history-link"), Attr("href", SiteURL.daysOff.path)],
                        [txt(l.t("goals.daysOff.link")), icon(.chevronRight)]) : .empty,
                model.isCurrentMonth ? EditGoalsDialog.render(model.editGoals, context: context) : .empty,
                model.isCurrentMonth ? UnsavedChangesDialog.render(l) : .empty,
            ])
    }

    /// The category and ring view another month keeps; the defaults are left out of addresses.
    private static func keptQuery(_ model: Model, view: RingRepresentation) -> [(name: String, value: String?)] {
        [("category", model.selected == .jumps ? nil : model.selected.rawValue), ("view", view == .progress ? nil : view.rawValue)]
    }

    private static func categorySwitch(_ model: Model, view: RingRepresentation, l: Localizer) -> HTMLNode {
        let tabs = model.categories.map { category -> HTMLNode in
            let selected = category.category == model.selected
            return el(
                "a",
                [
                    .class("category-tab" + (selected ? " is-selected" : "")), Attr("role", "tab"),
                    .id("tab-\(category.category.rawValue)"),
                    .aria("selected", selected ? "true" : "false"), .aria("controls", "panel-\(category.category.rawValue)"),
                    Attr("tabindex", selected ? "0" : "-1"), .data("category-tab", category.category.rawValue),
                    Attr("href", SiteURL.goals(month: model.month.description, category: category.category.rawValue)),
                ], [txt(title(category.category, l: l))])
        }
        return el(
            "div",
            [
                .class("category-switch" + (model.categories.count == 1 ? " is-single" : "")), Attr("role", "tablist"),
                .aria("label", l.t("goals.category.label")),
            ], tabs)
    }

    private static func panel(_ category: CategoryModel, model: Model, view: RingRepresentation, l: Localizer) -> HTMLNode {
        let name = category.category.rawValue
        let ring = category.rings[view]!
        let amount = amountText(category.progress, category: category.category, l: l)
        let hasData = category.lastSession != nil
        let center: [HTMLNode] =
            hasData
            ? [
                el(
                    "strong", [.class("ring-amount")],
                    [txt(l.t(category.category == .jumps ? "goals.center.jumps" : "goals.center.calories", l.number(category.progress)))]),
                ring.percentage.map { el("span", [.class("ring-percent")], [txt(l.percent($0))]) } ?? .empty,
            ]
            : [
                el(
                    "span", [.class("ring-empty")],
                    [txt(monthText(category.category == .jumps ? "goals.empty.jumps" : "goals.empty.calories", model: model, l: l))])
            ]
        let views = RingRepresentation.allCases
        return el(
            "section",
            [
                .class("goal-panel"), .id("panel-\(name)"), Attr("role", "tabpanel"), .aria("labelledby", "tab-\(name)"),
                .data("category-panel", name), .flag("hidden", category.category != model.selected),
            ],
            [
                el(
                    "p", [.class("current-goal")],
                    [
                        txt(
                            category.goal.map { l.t("goals.currentGoal", amountText($0, category: category.category, l: l)) }
                                ?? monthText("goals.noGoal", model: model, l: l))
                    ]),
                el(
                    "div",
                    [
                        .class("ring"), .data("ring", ""), Attr("tabindex", "0"), Attr("role", "group"),
                        .aria("roledescription", l.t("goals.ring.roleDescription")),
                        .aria("label", l.t("goals.ring.label", title(category.category, l: l), amount)),
                        .aria("describedby", "ring-hint-\(name)"), .data("view", view.rawValue),
                    ],
                    [
                        RingGraph.render(category, active: view),
                        el("div", [.class("ring-center")], center),
                    ]),
                el("p", [.class("visually-hidden"), .id("ring-hint-\(name)")], [txt(l.t("goals.ring.hint"))]),
                el(
                    "div", [.class("ring-pager")],
                    [
                        el(
                            "button", [.class("ring-step ring-prev"), Attr("type", "button"), .aria("label", l.t("goals.view.previous"))],
                            [icon(.back)]),
                        el(
                            "div", [.class("ring-dots")],
                            views.map { representation in
                                el(
                                    "button",
                                    [
                                        .class("ring-dot"), Attr("type", "button"), .data("view", representation.rawValue),
                                        .aria("pressed", representation == view ? "true" : "false"),
                                        .aria("label", viewName(representation, l: l)),
                                    ])
                            }),
                        el(
                            "button", [.class("ring-step ring-next"), Attr("type", "button"), .aria("label", l.t("goals.view.next"))],
                            [icon(.chevronRight)]),
                    ]),
                model.isCurrentMonth ? pace(category, model: model, l: l) : .empty,
                el(
                    "div", [.class("ring-captions"), .aria("live", "polite")],
                    views.map { representation in
                        el(
                            "p", [.class("ring-caption"), .data("view", representation.rawValue), .flag("hidden", representation != view)],
                            [
                                el("strong", [], [txt(viewName(representation, l: l))]),
                                txt(" · " + caption(representation, category: category, model: model, l: l)),
                            ])
                    }),
            ])
    }

    /// Where the person stands against an even pace to the goal, and what a day now takes: "3,000
    /// jumps behind pace · 1,150 jumps a day to make it". A month off says so instead; a reached
    /// goal and a month without a goal say nothing here (the ring says it).
    private static func pace(_ category: CategoryModel, model: Model, l: Localizer) -> HTMLNode {
        if model.isMonthOff, category.category == .jumps {
            return el("p", [.class("goal-pace")], [txt(l.t("goals.pace.monthOff"))])
        }
        guard let pace = category.pace, pace.progress < pace.goal else { return .empty }
        let kind = category.category
        let standing =
            pace.behindBy > 0
            ? l.t("goals.pace.behind", amountText(pace.behindBy, category: kind, l: l))
            : pace.aheadBy > 0 ? l.t("goals.pace.ahead", amountText(pace.aheadBy, category: kind, l: l)) : l.t("goals.pace.onPace")
        let need =
            pace.neededPerDay.map { l.t("goals.pace.perDay", amountText($0, category: kind, l: l)) } ?? l.t("goals.pace.noDaysLeft")
        return el(
            "p", [.class("goal-pace" + (pace.behindBy > 0 ? " is-behind" : "")), .data("pace", String(pace.expected))],
            [
                el("span", [.class("goal-pace-standing")], [txt(standing)]),
                el("strong", [.class("goal-pace-need")], [txt(need)]),
                pace.neededPerDay == nil
                    ? .empty : el("span", [.class("goal-pace-days")], [txt(l.plural("goals.pace.daysLeft", count: pace.jumpDaysLeft))]),
            ])
    }

    /// "Goal reached 3 months in a row", from the first month reached.
    private static func streak(_ model: Model, l: Localizer) -> HTMLNode {
        guard model.isCurrentMonth, model.streak > 0 else { return .empty }
        return el("p", [.class("goal-streak")], [icon(.goals), txt(l.plural("goals.streak", count: model.streak))])
    }

    static func title(_ category: Category, l: Localizer) -> String {
        l.t(category == .jumps ? "goals.category.jumps" : "goals.category.calories")
    }

    static func viewName(_ view: RingRepresentation, l: Localizer) -> String {
        switch view {
        case .progress: l.t("goals.view.progress")
        case .lastSession: l.t("goals.view.lastSession")
        case .remaining: l.t("goals.view.remaining")
        }
    }

    static func amountText(_ amount: Int, category: Category, l: Localizer) -> String {
        l.t(category == .jumps ? "unit.jumps" : "unit.calories", l.number(amount))
    }

    /// A message about the page's month (see ``Localizer/aboutMonth(_:_:isCurrent:)``).
    static func monthText(_ key: String, model: Model, l: Localizer) -> String {
        l.aboutMonth(key, model.month, isCurrent: model.isCurrentMonth)
    }

    private static func caption(_ view: RingRepresentation, category: CategoryModel, model: Model, l: Localizer) -> String {
        let kind = category.category
        let ring = category.rings[view]!
        switch view {
        case .progress:
            guard let goal = category.goal, goal > 0 else { return amountText(category.progress, category: kind, l: l) }
            return l.t(
                "goals.caption.progress", amountText(category.progress, category: kind, l: l), amountText(goal, category: kind, l: l))
        case .lastSession:
            guard let session = category.lastSession, let amount = category.lastSessionAmount else {
                return monthText("goals.caption.noSession", model: model, l: l)
            }
            return l.t("goals.caption.lastSession", amountText(amount, category: kind, l: l), l.date(session.date), session.parkName)
        case .remaining:
            // The goal line above already says there is none; here, what to do about it.
            guard let goal = category.goal else {
                return l.t(model.isCurrentMonth ? "goals.caption.setGoal" : "goals.caption.nothingToCountDown")
            }
            if ring.isComplete { return l.t("goals.caption.complete") }
            return l.t("goals.caption.remaining", amountText(goal - category.progress, category: kind, l: l))
        }
    }
}
