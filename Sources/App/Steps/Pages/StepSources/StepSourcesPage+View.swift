import KineticCore

/// Steps settings: the sources of the user's steps in priority order, as in the Health app's
/// "Data Sources & Access". Each row moves up or down with a button (keyboard and screen
/// readers) or by dragging its handle; `js/steps/step-sources.js` moves rows in place and saves with
/// fetch; without script every move is a form post that shows the new order before it is saved.
enum StepSourcesPage {
    struct Model {
        var sources: [StepSourcesRepository.Source]
        var isCustomOrder: Bool
        var saved = false
        /// After a move without script: the row that moved, to announce it and keep focus on it.
        var moved: (index: Int, direction: Int)?
        var errorMessage: String?
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        var content: [HTMLNode] = [
            banner(model.saved ? l.t("sources.saved") : nil, isError: false),
            banner(model.errorMessage, isError: true),
            el("p", [.class("form-note sources-intro")], [txt(l.t("sources.intro"))]),
        ]
        if model.sources.isEmpty {
            content.append(EmptyState.render(icon: .steps, title: l.t("sources.empty.title"), message: l.t("sources.empty.message")))
        } else {
            content += [orderForm(model, context: context), resetForm(model, context: context), UnsavedChangesDialog.render(l)]
        }
        return Layout.render(
            .init(
                title: l.t("sources.title"), backLink: (SiteURL.module(.steps).path, l.t("nav.steps")), stylesheet: StepsModule.stylesheet,
                scripts: ["js/steps/step-sources.js"]),
            context: context,
            content: content
        )
    }

    private static func orderForm(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        let count = model.sources.count
        let status = model.moved.flatMap { moved in
            model.sources.indices.contains(moved.index)
                ? l.t("sources.moved", model.sources[moved.index].name, l.number(moved.index + 1), l.number(count)) : nil
        }
        return el(
            "form",
            [
                Attr("method", "post"), Attr("action", SiteURL.stepSources.path), .class("form sources-form"), .id("sources-form"),
                .data("guard-unsaved", ""),
                .data("moved-message", l.t("sources.moved", "%1$@", "%2$@", "%3$@")),
                .data("move-up-label", l.t("sources.moveUp", "%1$@")), .data("move-down-label", l.t("sources.moveDown", "%1$@")),
            ],
            [
                CSRFField.render(context.csrfToken),
                el(
                    "section", [.class("card list-card"), .aria("labelledby", "sources-title")],
                    [
                        el("h2", [.class("card-title"), .id("sources-title")], [txt(l.t("sources.listTitle"))]),
                        el(
                            "ol", [.class("source-list"), .id("source-list")],
                            model.sources.enumerated().map { index, source in
                                row(
                                    source, index: index, count: count,
                                    focus: model.moved.map { $0.index == index ? $0.direction : 0 } ?? 0, l: l)
                            }),
                    ]),
                el("p", [.class("visually-hidden"), Attr("role", "status"), .id("sources-status")], [txt(status ?? "")]),
                el("p", [.class("form-note")], [txt(l.t(model.isCustomOrder ? "sources.customNote" : "sources.defaultNote"))]),
                el(
                    "div", [.class("form-actions")],
                    [
                        el(
                            "button", [.class("button button-primary button-block"), Attr("type", "submit"), .id("save-order")],
                            [
                                txt(l.t("sources.save"))
                            ])
                    ]),
            ])
    }

    /// One source: its place, name and kind, and the buttons that move it.
    private static func row(_ source: StepSourcesRepository.Source, index: Int, count: Int, focus: Int, l: Localizer) -> HTMLNode {
        el(
            "li", [.class("source-row"), .data("source", source.name)],
            [
                voidEl("input", [Attr("type", "hidden"), Attr("name", "order[]"), Attr("value", source.name)]),
                el("span", [.class("source-icon source-kind-\(source.kind.code)")], [icon(kindIcon(source.kind))]),
                el(
                    "span", [.class("source-text")],
                    [
                        el("strong", [.class("source-name")], [txt(source.name)]),
                        el("span", [.class("source-kind")], [txt(l.t("sources.kind.\(source.kind.code)"))]),
                    ]),
                el(
                    "span", [.class("source-moves")],
                    [
                        // Focus stays on the button that moved the row, or its twin once the row reaches an end.
                        moveButton(
                            source, index: index, direction: -1, disabled: index == 0,
                            autofocus: focus != 0 && index > 0 && (focus == -1 || index == count - 1), l: l),
                        moveButton(
                            source, index: index, direction: 1, disabled: index == count - 1,
                            autofocus: focus != 0 && index < count - 1 && (focus == 1 || index == 0), l: l),
                    ]),
                // Dragging is for pointers; the buttons above do the same for everyone, so the handle
                // stays out of the accessibility tree (and hidden until the script shows it).
                el(
                    "span",
                    [.class("source-handle"), .aria("hidden", "true"), Attr("title", l.t("sources.dragHint")), .flag("hidden", true)],
                    [icon(.grip)]),
            ])
    }

    private static func moveButton(
        _ source: StepSourcesRepository.Source, index: Int, direction: Int, disabled: Bool, autofocus: Bool, l: Localizer
    ) -> HTMLNode {
        let up = direction < 0
        return el(
            "button",
            [
                .class("icon-button source-move"), Attr("type", "submit"), Attr("name", "move"),
                Attr("value", "\(up ? "up" : "down"):\(index)"),
                .aria("label", l.t(up ? "sources.moveUp" : "sources.moveDown", source.name)), .data("direction", up ? "-1" : "1"),
                .flag("disabled", disabled), .flag("autofocus", autofocus),
            ], [icon(up ? .arrowUp : .arrowDown)])
    }

    private static func resetForm(_ model: Model, context: PageContext) -> HTMLNode {
        guard model.isCustomOrder else { return .empty }
        let l = context.localizer
        return el(
            "form", [Attr("method", "post"), Attr("action", SiteURL.stepSources.path), .class("form reset-form")],
            [
                CSRFField.render(context.csrfToken),
                el(
                    "button",
                    [.class("button button-secondary button-block"), Attr("type", "submit"), Attr("name", "reset"), Attr("value", "true")],
                    [
                        txt(l.t("sources.reset"))
                    ]),
            ])
    }

    private static func kindIcon(_ kind: StepSourceKind) -> Icon {
        switch kind {
        case .manual: .hand
        case .watch: .watch
        case .phone: .phone
        case .other: .app
        }
    }
}
