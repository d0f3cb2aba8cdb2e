import KineticCore

extension ReportsLevelPage {
    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        var content: [HTMLNode] = [ReportsChrome.trailNav(model.trail, l: l)]
        if model.isEmpty {
            content.append(
                EmptyState.render(
                    icon: .reports, title: l.t("reports.empty.title"),
                    message: l.t(model.isAdmin ? "reports.empty.admin" : "reports.empty.message"),
                    more: [
                        model.isAdmin
                            ? el(
                                "a", [.class("button button-primary"), Attr("href", SiteURL.reports(.importLibrary).path)],
                                [txt(l.t("reports.import.title"))]) : .empty
                    ]))
        } else {
            content += [levelTools(model, l: l), stage(model, l: l), pager(model.pager), filterNotice(model, l: l)]
        }
        content += [
            ReportsChrome.toolbar(model.toolbar), ReportsChrome.dock(level: model.categoryID, hasFilter: !model.keywords.isEmpty, l: l),
        ]
        if !model.keywords.isEmpty { content.append(filterDialog(model, l: l)) }
        content.append(el("p", [.class("visually-hidden"), .id("reports-status"), .aria("live", "polite")]))
        let back = model.isStart ? nil : (href: model.parentHref, label: l.t("reports.back"))
        return Layout.render(
            .init(
                title: model.title, topBarAction: ReportsChrome.searchButton(l: l), backLink: back,
                stylesheet: ReportsModule.stylesheet, scripts: ["js/reports/bubbles.js"], bodyClass: "reports-page"
            ),
            context: context, content: content
        )
    }

    /// The stage: the centre, then the level's bubbles as a list of links (in reading order,
    /// so keyboard and screen-reader users meet them in the datasource's order). Without
    /// script the bubbles flow; the script places them from `data-x`… (stage units).
    private static func stage(_ model: Model, l: Localizer) -> HTMLNode {
        let centreHref = model.isStart ? ReportsChrome.levelHref(nil) : model.parentHref
        let centre = el(
            "a",
            [
                .class("bubble bubble-centre"), .id("bubble-centre"), Attr("href", centreHref),
                model.isStart
                    ? .aria("label", l.t("reports.centre.open", model.title)) : .aria("label", l.t("reports.centre.up", model.title)),
            ] + placement(model.centre) + placement(model.wide?.centre, prefix: "wide-"),
            [
                el("span", [.class("bubble-title"), .lang(model.titleLanguage, in: l)], [txt(model.title)]),
                el("span", [.class("bubble-meta")], [txt(model.centreMeta)]),
            ])
        let items = model.bubbles.map { bubble in
            el(
                "li", [.class("bubble-item")],
                [
                    el(
                        "a",
                        [
                            .class("bubble bubble-\(bubble.kind.rawValue)"), Attr("href", bubble.href),
                            .data("kind", bubble.kind.rawValue), .data("id", bubble.id), .aria("label", bubble.label),
                            Attr("title", bubble.title.replacingOccurrences(of: "\u{AD}", with: "")),
                        ] + placement(bubble.place) + placement(bubble.widePlace, prefix: "wide-"),
                        [
                            bubble.thumbnailURL != nil
                                ? voidEl(
                                    "img",
                                    [
                                        .class("bubble-thumbnail"), Attr("src", bubble.thumbnailURL ?? ""),
                                        Attr("alt", ""), Attr("loading", "lazy"), Attr("width", "36"), Attr("height", "51"),
                                    ])
                                : .empty,
                            el(
                                "span", [.class("bubble-text")],
                                [
                                    el("span", [.class("bubble-title"), .lang(bubble.language, in: l)], [txt(bubble.title)]),
                                    el("span", [.class("bubble-meta")], [txt(bubble.meta)]),
                                ]),
                        ])
                ])
        }
        return el(
            "section",
            [
                .class(model.isStart ? "bubble-stage bubble-stage-start" : model.isCrowded ? "bubble-stage is-crowded" : "bubble-stage"),
                .id("bubble-stage"), .aria("label", l.t("reports.stage.label", model.title)),
                .data("stage-height", SVGNumber.format(model.stageHeight)),
                model.wide.map { .data("wide-stage-height", SVGNumber.format($0.stageHeight)) },
                .data("level", model.categoryID ?? SiteURL.rootCategoryID),
                .data("start", model.isStart ? "true" : "false"), .data("parent", model.parentHref),
                .data("hint-hold", l.t("reports.stage.holdHint")), .data("page", String(model.pages.page)),
            ],
            [
                centre,
                model.isStart ? el("p", [.class("bubble-hint")], [txt(l.t("reports.stage.startHint"))]) : .empty,
                model.emptyMessage.map { el("p", [.class("bubble-empty"), .id("bubble-empty")], [txt($0)]) } ?? .empty,
                el("ul", [.class("bubble-list"), .aria("label", l.t("reports.stage.contents", model.title))], items),
            ])
    }

    /// Previous and next page of a level with more items than a ring, and which items show.
    private static func pager(_ pager: Pager?) -> HTMLNode {
        guard let pager else { return .empty }
        func link(_ href: String?, _ label: String, _ symbol: Icon, _ rel: String) -> HTMLNode {
            guard let href else {
                return el("span", [.class("icon-button bubble-pager-end"), .aria("hidden", "true")], [icon(symbol)])
            }
            return el(
                "a", [.class("icon-button"), Attr("href", href), Attr("rel", rel), .aria("label", label), .data("pager", rel)],
                [icon(symbol)])
        }
        return el(
            "nav", [.class("bubble-pager"), .id("bubble-pager"), .aria("label", pager.label)],
            [
                link(pager.previous, pager.previousLabel, .back, "prev"),
                el("span", [.class("bubble-pager-label"), .aria("hidden", "true")], [txt(pager.label)]),
                link(pager.next, pager.nextLabel, .chevronRight, "next"),
            ])
    }

    /// `place` in stage units, as `data-x`… (`data-wide-x`… with `prefix` "wide-").
    private static func placement(_ place: BubbleLayout.Bubble?, prefix: String = "") -> [Attr?] {
        guard let place else { return [] }
        return [
            .data(prefix + "x", SVGNumber.format(place.x)), .data(prefix + "y", SVGNumber.format(place.y)),
            .data(prefix + "w", SVGNumber.format(place.width)), .data(prefix + "h", SVGNumber.format(place.height)),
        ]
    }

    private static func orderName(_ order: ReadingOrder, l: Localizer) -> String {
        switch order {
        case .library: l.t("reports.level.order.library")
        case .title: l.t("reports.level.order.title")
        case .date: l.t("reports.level.order.date")
        }
    }

    /// A crowded level's tools above its stage: find by typing (the items whose titles hold what
    /// was typed, as the person types with script, on Enter without) and the order to read in.
    /// A plain GET form of the level, keeping its keyword filter.
    private static func levelTools(_ model: Model, l: Localizer) -> HTMLNode {
        guard model.isCrowded || model.find != nil else { return .empty }
        return el(
            "form",
            [
                .class("level-tools"), .id("level-tools"), Attr("method", "get"), Attr("action", ReportsChrome.levelHref(model.categoryID)),
                Attr("role", "search"), .aria("label", l.t("reports.level.findLabel", model.title)),
            ],
            [
                model.keyword.map { voidEl("input", [Attr("type", "hidden"), Attr("name", "keyword"), Attr("value", $0)]) } ?? .empty,
                el("label", [.class("visually-hidden"), Attr("for", "level-find")], [txt(l.t("reports.level.findLabel", model.title))]),
                voidEl(
                    "input",
                    [
                        .class("level-find"), .id("level-find"), Attr("type", "search"), Attr("name", "find"),
                        Attr("value", model.find ?? ""), Attr("placeholder", l.t("reports.level.findPlaceholder")),
                        Attr("autocomplete", "off"), Attr("enterkeyhint", "search"), Attr("maxlength", "100"),
                        .aria("describedby", "level-find-status"),
                    ]),
                el("label", [.class("visually-hidden"), Attr("for", "level-order")], [txt(l.t("reports.level.orderLabel"))]),
                el(
                    "select", [.class("level-order"), .id("level-order"), Attr("name", "order")],
                    ReadingOrder.allCases.map { order in
                        el(
                            "option", [Attr("value", order.rawValue), .flag("selected", order == model.order)],
                            [txt(orderName(order, l: l))])
                    }),
                el("button", [.class("button level-tools-submit"), Attr("type", "submit")], [txt(l.t("reports.level.findSubmit"))]),
                el("p", [.class("level-find-status"), .id("level-find-status")], [txt(model.findStatus ?? "")]),
            ])
    }

    private static func filterNotice(_ model: Model, l: Localizer) -> HTMLNode {
        guard let keyword = model.keyword else { return .empty }
        return el(
            "p", [.class("report-filter-notice"), .id("report-filter-notice")],
            [
                txt(l.t("reports.filter.active", keyword, l.plural("reports.hidden", count: model.filteredOut)) + " "),
                el("a", [Attr("href", ReportsChrome.levelHref(model.categoryID))], [txt(l.t("reports.filter.clear"))]),
            ])
    }

    /// Filter the level by keyword (beyond the seed): a plain GET form, so it works without script.
    private static func filterDialog(_ model: Model, l: Localizer) -> HTMLNode {
        el(
            "dialog", [.class("sheet report-filter"), .id("report-filter"), .aria("labelledby", "report-filter-title")],
            [
                el(
                    "form", [Attr("method", "get"), Attr("action", ReportsChrome.levelHref(model.categoryID)), .class("sheet-body")],
                    [
                        el("h2", [.id("report-filter-title")], [txt(l.t("reports.filter.title"))]),
                        el(
                            "fieldset", [.class("chip-group")],
                            [
                                el("legend", [.class("visually-hidden")], [txt(l.t("reports.filter.title"))])
                            ]
                                + model.keywords.map { keyword in
                                    el(
                                        "label", [.class("chip")],
                                        [
                                            voidEl(
                                                "input",
                                                [
                                                    Attr("type", "radio"), Attr("name", "keyword"), Attr("value", keyword),
                                                    .flag("checked", keyword.lowercased() == model.keyword?.lowercased()),
                                                ]),
                                            el("span", [], [txt(keyword)]),
                                        ])
                                }),
                        el(
                            "div", [.class("sheet-actions")],
                            [
                                el(
                                    "a", [.class("button"), Attr("href", ReportsChrome.levelHref(model.categoryID))],
                                    [txt(l.t("reports.filter.clear"))]),
                                el(
                                    "button", [.class("button button-primary"), Attr("type", "submit")], [txt(l.t("reports.filter.apply"))]),
                            ]),
                    ])
            ])
    }
}
