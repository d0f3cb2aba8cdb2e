import KineticCore

/// Scheduled, Inbox and Sent (seed 03, 08, 10): a page of wishes (soonest or newest first) with
/// "Load more" (the script loads the next page as the end scrolls into view); search by text and
/// occasion with the list's last five phrases (seed 05, 06); in the Inbox and Sent, a select mode
/// with Trash (seed 08_3) and, on each cell, a Delete button the script also reveals by a swipe
/// to the left (seed 08_2). Deleting asks first.
enum WishBoxPage {
    struct Model: Equatable {
        let box: WishBox
        let cells: [WishesChrome.Cell]
        /// The next page, when there is one.
        let nextHref: String?
        let phrase: String
        let occasion: Occasion?
        let history: [String]
        /// Search mode: the form, the occasions and the recent phrases (seed 05).
        let isSearching: Bool
        let isSelecting: Bool
        /// This list as it is shown (to come back to after a delete).
        let selfHref: String
        let notice: String?
        let noticeIsError: Bool

        var isFiltered: Bool { !phrase.isEmpty || occasion != nil }
        var canSelect: Bool { box != .scheduled }
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let title = l.t(model.box.titleKey)
        let listPath = SiteURL.wishes(.box(model.box)).path
        let action: HTMLNode = el(
            "div", [.class("wishes-top-actions")],
            [
                el(
                    "a",
                    [
                        .class("icon-button"), Attr("href", SiteURL.wishes(.box(model.box)).with([("search", "1")])),
                        .aria("label", l.t("wishes.search.open", title)), .id("open-search"),
                    ], [icon(.search)]),
                model.canSelect && !model.cells.isEmpty
                    ? el(
                        "a",
                        [
                            .class("top-bar-text-button"), .id("select-toggle"),
                            Attr("href", model.isSelecting ? listPath : SiteURL.wishes(.box(model.box)).with([("select", "1")])),
                        ],
                        [txt(model.isSelecting ? l.t("wishes.list.done") : l.t("wishes.list.select"))])
                    : .empty,
            ])
        var content: [HTMLNode] = [banner(model.notice, isError: model.noticeIsError)]
        if model.isSearching || model.isFiltered { content.append(searchCard(model, l: l)) }
        content.append(list(model, context: context))
        return Layout.render(
            .init(
                title: title, topBarAction: action, backLink: (SiteURL.module(.wishes).path, l.t("nav.wishes")),
                stylesheet: WishesModule.stylesheet, scripts: ["js/wishes/list.js"], bodyClass: "wishes-page wishes-list-page"),
            context: context, content: content
        )
    }

    private static func searchCard(_ model: Model, l: Localizer) -> HTMLNode {
        let path = SiteURL.wishes(.box(model.box)).path
        return el(
            "section", [.class("card wishes-search"), .aria("label", l.t("wishes.search.title"))],
            [
                el(
                    "form", [Attr("method", "get"), Attr("action", path), Attr("role", "search"), .class("wishes-search-form")],
                    [
                        el("label", [.class("visually-hidden"), Attr("for", "wish-search")], [txt(l.t("wishes.search.label"))]),
                        voidEl(
                            "input",
                            [
                                Attr("type", "search"), .id("wish-search"), Attr("name", "q"), .class("field-input"),
                                Attr("value", model.phrase),
                                Attr("maxlength", "100"), Attr("placeholder", l.t("wishes.search.placeholder")),
                                Attr("autocomplete", "off"),
                                Attr.flag("autofocus", model.isSearching && !model.isFiltered),
                            ].compactMap { $0 }),
                        el("label", [.class("visually-hidden"), Attr("for", "wish-occasion")], [txt(l.t("wishes.search.occasion"))]),
                        el(
                            "select", [.id("wish-occasion"), Attr("name", "occasion"), .class("field-input select")],
                            [
                                el(
                                    "option", [Attr("value", ""), Attr.flag("selected", model.occasion == nil)].compactMap { $0 },
                                    [txt(l.t("wishes.search.anyOccasion"))])
                            ]
                                + Occasion.allCases.map { occasion in
                                    el(
                                        "option",
                                        [Attr("value", occasion.rawValue), Attr.flag("selected", model.occasion == occasion)].compactMap {
                                            $0
                                        }, [txt(l.t(occasion.nameKey))])
                                }),
                        el("button", [.class("button button-primary"), Attr("type", "submit")], [txt(l.t("wishes.search.submit"))]),
                    ]),
                model.isFiltered
                    ? el(
                        "p", [.class("wishes-search-summary"), Attr("role", "status")],
                        [
                            txt(l.plural("wishes.search.results", count: model.cells.count) + (model.nextHref == nil ? "" : "+") + " "),
                            el("a", [Attr("href", path)], [txt(l.t("wishes.search.clear"))]),
                        ])
                    : .empty,
                // Once results show, the suggestions step aside (as on iOS): the first result is in view.
                model.history.isEmpty || model.isFiltered
                    ? .empty
                    : el(
                        "div", [.class("wishes-history")],
                        [
                            el("h2", [.class("card-title"), .id("history-title")], [txt(l.t("wishes.search.recent"))]),
                            el(
                                "ul", [.class("chips"), .aria("labelledby", "history-title")],
                                model.history.map { phrase in
                                    el(
                                        "li", [],
                                        [
                                            el(
                                                "a", [.class("chip"), Attr("href", SiteURL.wishes(.box(model.box)).with([("q", phrase)]))],
                                                [txt(phrase)])
                                        ])
                                }),
                        ]),
                model.isFiltered
                    ? .empty
                    : el(
                        "div", [.class("wishes-occasion-search")],
                        [
                            el("h2", [.class("card-title"), .id("occasion-title")], [txt(l.t("wishes.search.byOccasion"))]),
                            el(
                                "ul", [.class("occasion-links"), .aria("labelledby", "occasion-title")],
                                Occasion.allCases.map { occasion in
                                    el(
                                        "li", [],
                                        [
                                            el(
                                                "a",
                                                [
                                                    .class("occasion-link occasion-\(occasion.rawValue)"),
                                                    Attr("href", SiteURL.wishes(.box(model.box)).with([("occasion", occasion.rawValue)])),
                                                    model.occasion == occasion ? .aria("current", "true") : nil,
                                                ].compactMap { $0 },
                                                [icon(WishesChrome.occasionIcon(occasion)), el("span", [], [txt(l.t(occasion.nameKey))])])
                                        ])
                                }),
                        ]),
            ])
    }

    private static func list(_ model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        guard !model.cells.isEmpty else {
            let message = model.isFiltered ? l.t("wishes.list.noResults") : l.t("wishes.list.empty.\(model.box.rawValue)")
            return EmptyState.render(
                icon: model.isFiltered ? .search : .wishes, title: l.t("wishes.list.emptyTitle"), message: message,
                more: model.box == .scheduled && !model.isFiltered
                    ? [
                        el(
                            "a", [.class("button button-primary"), Attr("href", SiteURL.wishes(.compose).with([("from", "scheduled")]))],
                            [icon(.plus), txt(l.t("wishes.home.schedule"))])
                    ] : [])
        }
        return el(
            "form",
            [
                Attr("method", "post"), Attr("action", SiteURL.wishes(.delete).path), .id("wish-list-form"), .class("wish-list-form"),
                .data("confirm-one", l.t("wishes.delete.confirmOne")), .data("confirm-many", l.t("wishes.delete.confirmMany")),
                .data("delete-label", l.t("wishes.delete.action")),
            ],
            [
                CSRFField.render(context.csrfToken),
                voidEl("input", [Attr("type", "hidden"), Attr("name", "back"), Attr("value", model.selfHref)]),
                voidEl("input", [Attr("type", "hidden"), Attr("name", "confirmed"), Attr("value", ""), .class("confirmed-field")]),
                el(
                    "ul",
                    [
                        .class("card wish-list"), .id("wish-list"), .aria("label", l.t(model.box.titleKey)),
                        model.isSelecting ? .data("selecting", "true") : nil,
                    ].compactMap { $0 },
                    model.cells.map { cell($0, model: model, l: l) }),
                model.nextHref.map { href in
                    el(
                        "p", [.class("load-more")],
                        [
                            el(
                                "a",
                                [
                                    .class("button button-secondary button-block load-more-link"), Attr("href", href), .id("load-more"),
                                    .data("loading", l.t("wishes.list.loading")),
                                ], [txt(l.t("wishes.list.loadMore"))])
                        ])
                } ?? el("p", [.class("list-end")], [txt(l.t("wishes.list.end"))]),
                model.isSelecting
                    ? el(
                        "div", [.class("select-bar")],
                        [
                            el(
                                "span",
                                [
                                    .class("select-count"), Attr("aria-live", "polite"), .id("select-count"),
                                    .data("none", l.t("wishes.select.none")),
                                    .data("template", l.t("wishes.select.count")),
                                ], [txt(l.t("wishes.select.none"))]),
                            el(
                                "button", [.class("button button-destructive"), Attr("type", "submit"), .id("trash-selected")],
                                [icon(.trash), txt(l.t("wishes.select.trash"))]),
                        ])
                    : .empty,
            ])
    }

    static func cell(_ cell: WishesChrome.Cell, model: Model, l: Localizer) -> HTMLNode {
        let checkboxID = "select-\(cell.id)"
        return el(
            "li", [.class(cell.isUnread ? "wish-cell swipe-cell wish-unread" : "wish-cell swipe-cell"), .data("id", cell.id)],
            [
                el("div", [.class("swipe-backdrop"), .aria("hidden", "true")], [icon(.trash), txt(l.t("wishes.delete.action"))]),
                el(
                    "div", [.class("swipe-content")],
                    [
                        model.isSelecting
                            ? el(
                                "span", [.class("wish-select")],
                                [
                                    voidEl(
                                        "input",
                                        [
                                            Attr("type", "checkbox"), Attr("name", "ids[]"), Attr("value", cell.id), .id(checkboxID),
                                            .class("wish-select-box"),
                                        ]),
                                    el(
                                        "label", [Attr("for", checkboxID), .class("visually-hidden")],
                                        [txt(l.t("wishes.select.one", cell.subject))]),
                                ]) : .empty,
                        el(
                            "a", [.class("wish-cell-link"), Attr("href", cell.href)],
                            [
                                el(
                                    "span", [.class("wish-occasion occasion-\(cell.occasion.rawValue)")],
                                    [icon(WishesChrome.occasionIcon(cell.occasion), label: cell.occasionName)]),
                                el(
                                    "span", [.class("wish-cell-text")],
                                    [
                                        el(
                                            "span", [.class("wish-cell-top")],
                                            [
                                                el(
                                                    "strong", [.class("wish-cell-people")],
                                                    [
                                                        cell.isUnread
                                                            ? el("span", [.class("wish-new")], [txt(l.t("wishes.list.new"))]) : .empty,
                                                        txt(cell.people),
                                                    ]),
                                                el("span", [.class("wish-cell-when")], [txt(cell.when)]),
                                            ]),
                                        el("span", [.class("wish-cell-subject")], [txt(cell.subject)]),
                                        el("span", [.class("wish-cell-preview")], [txt(cell.preview)]),
                                        cell.status.map {
                                            el(
                                                "span",
                                                [.class(cell.hasFailure ? "wish-cell-status wish-cell-status-failed" : "wish-cell-status")],
                                                [txt($0)])
                                        } ?? .empty,
                                    ]),
                            ]),
                        model.isSelecting
                            ? .empty
                            : el(
                                "button",
                                [
                                    .class("icon-button wish-delete-button"), Attr("type", "submit"), Attr("name", "ids[]"),
                                    Attr("value", cell.id),
                                    .aria("label", l.t("wishes.delete.named", cell.subject)),
                                ], [icon(.trash)]),
                    ]),
            ])
    }
}
