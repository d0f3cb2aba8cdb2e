import KineticCore

/// Jump History: every session grouped by month, newest first, and a form to add one.
enum JumpHistoryPage {
    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let content: [HTMLNode] =
            [
                banner(model.added ? l.t("history.added") : nil, isError: false),
                OutboxPanel.render(module: .goals, l: l),
                addForm(model, context: context),
            ] + (model.groups.isEmpty ? [emptyState(l)] : model.groups.map { group($0, l: l) })
        return Layout.render(
            .init(
                title: l.t("history.title"), backLink: (SiteURL.module(.goals).path, l.t("shell.back")), stylesheet: GoalsModule.stylesheet),
            context: context, content: content)
    }

    private static func emptyState(_ l: Localizer) -> HTMLNode {
        EmptyState.render(icon: .goals, title: l.t("history.empty.title"), message: l.t("history.empty.message"))
    }

    private static func group(_ group: MonthGroup, l: Localizer) -> HTMLNode {
        el(
            "section", [.class("history-month"), .aria("labelledby", "history-\(group.month)")],
            [
                el(
                    "header", [.class("history-month-header")],
                    [
                        el("h2", [.id("history-\(group.month)")], [txt(l.month(group.month))]),
                        el(
                            "p", [],
                            [
                                txt(
                                    l.t(
                                        "history.monthTotal", l.t("unit.jumps", l.number(group.jumps)),
                                        l.t("unit.calories", l.number(group.calories))))
                            ]),
                    ]),
                el(
                    "ul", [.class("card session-list")],
                    group.sessions.map { stored in
                        let session = stored.session
                        let calories: String =
                            session.numberOfCalories.map {
                                l.t(stored.caloriesEstimated ? "history.caloriesEstimated" : "unit.calories", l.number($0))
                            } ?? l.t("history.caloriesUnknown")
                        return el(
                            "li", [.class("session-row")],
                            [
                                el(
                                    "div", [.class("session-main")],
                                    [
                                        el("strong", [], [txt(l.date(session.date))]),
                                        el("span", [.class("session-park")], [txt(session.parkName)]),
                                        el(
                                            "span", [.class("session-time")],
                                            [txt(l.t("history.timeRange", l.time(session.startTime), l.time(session.endTime)))]),
                                    ]),
                                el(
                                    "div", [.class("session-figures")],
                                    [
                                        el("strong", [], [txt(l.t("unit.jumps", l.number(session.numberOfJumps)))]),
                                        el("span", [], [txt(calories)]),
                                    ]),
                            ])
                    }),
            ])
    }

    private static func addForm(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        let form = model.form
        func field(_ name: String, label: String, type: String, hint: String? = nil, required: Bool = true, extra: [Attr?] = []) -> HTMLNode
        {
            let id = "session-\(name)"
            let error = form.errors[name]
            let described = [error != nil ? id + "-error" : nil, hint != nil ? id + "-hint" : nil].compactMap { $0 }
            return el(
                "div", [.class(error == nil ? "field" : "field field-invalid")],
                [
                    el("label", [Attr("for", id), .class("field-label")], [txt(label)]),
                    voidEl(
                        "input",
                        [
                            .id(id), Attr("name", name), Attr("type", type), .class("field-input"), Attr("value", form.values[name] ?? ""),
                            .flag("required", required), error != nil ? .aria("invalid", "true") : nil,
                            described.isEmpty ? nil : .aria("describedby", described.joined(separator: " ")),
                        ] + extra),
                    hint.map { el("p", [.class("field-hint"), .id(id + "-hint")], [txt($0)]) } ?? .empty,
                    error.map { el("p", [.class("field-error"), .id(id + "-error")], [txt($0)]) } ?? .empty,
                ])
        }
        return el(
            "details", [.class("card add-session"), .flag("open", !form.errors.isEmpty)],
            [
                el("summary", [.class("add-session-summary")], [icon(.plus), el("span", [], [txt(l.t("history.add"))])]),
                el(
                    "form",
                    [
                        Attr("method", "post"), Attr("action", SiteURL.jumpHistory.path), .class("form add-session-form"),
                        .flag("novalidate"),
                    ] + OutboxPanel.queueable(template: l.t("history.queued"), fields: ["numberOfJumps", "parkName", "date"]),
                    [
                        CSRFField.render(context.csrfToken),
                        banner(form.errors.isEmpty ? nil : l.t("error.validation"), isError: true),
                        field("date", label: l.t("history.field.date"), type: "date", extra: [Attr("max", model.today.description)]),
                        field(
                            "parkName", label: l.t("history.field.park"), type: "text",
                            extra: [Attr("maxlength", "80"), Attr("autocomplete", "off")]),
                        el(
                            "div", [.class("field-row")],
                            [
                                field("startTime", label: l.t("history.field.start"), type: "time"),
                                field("endTime", label: l.t("history.field.end"), type: "time"),
                            ]),
                        field(
                            "numberOfJumps", label: l.t("history.field.jumps"), type: "number",
                            extra: [Attr("min", "0"), Attr("inputmode", "numeric")]),
                        field(
                            "numberOfCalories", label: l.t("history.field.calories"), type: "number", hint: l.t("history.caloriesHint"),
                            required: false,
                            extra: [Attr("min", "0"), Attr("inputmode", "numeric")]),
                        el("button", [.class("button button-primary button-block"), Attr("type", "submit")], [txt(l.t("history.submit"))]),
                    ]),
            ])
    }
}
