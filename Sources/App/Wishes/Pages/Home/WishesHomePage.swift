import KineticCore

/// The Wishes dashboard (seed 02): the five occasions as decoration, Scheduled, Inbox and Sent
/// with their counts (the Inbox's new ones called out), the Contacts, and Schedule a Wish.
enum WishesHomePage {
    struct Model: Equatable {
        let scheduled: Int
        let inbox: Int
        let unread: Int
        let sent: Int
        let notice: String?
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let rows: [(WishBox, Icon, Int, String?)] = [
            (.scheduled, .wishes, model.scheduled, nil),
            (.inbox, .inbox, model.inbox, model.unread > 0 ? l.plural("wishes.home.unread", count: model.unread) : nil),
            (.sent, .send, model.sent, nil),
        ]
        let content: [HTMLNode] = [
            banner(model.notice, isError: false),
            OutboxPanel.render(module: .wishes, l: l),
            el(
                "section", [.class("wishes-hero")],
                [
                    WishesChrome.occasionStrip(l),
                    el("p", [.class("wishes-hero-text")], [txt(l.t("wishes.home.intro"))]),
                ]),
            el(
                "nav", [.class("card wishes-boxes"), .aria("label", l.t("wishes.home.lists"))],
                [
                    el(
                        "ul", [],
                        rows.map { box, symbol, count, note in
                            el(
                                "li", [],
                                [
                                    el(
                                        "a",
                                        [
                                            .class("wishes-box-link"), Attr("href", SiteURL.wishes(.box(box)).path),
                                            .id("box-\(box.rawValue)"),
                                        ],
                                        [
                                            el("span", [.class("wishes-box-icon wishes-box-\(box.rawValue)")], [icon(symbol)]),
                                            el(
                                                "span", [.class("wishes-box-text")],
                                                [
                                                    el("strong", [], [txt(l.t(box.titleKey))]),
                                                    note.map { el("span", [.class("wishes-box-note")], [txt($0)]) } ?? .empty,
                                                ]),
                                            el(
                                                "span",
                                                [.class("wishes-box-count"), .aria("label", l.plural("wishes.home.count", count: count))],
                                                [txt(l.number(count))]),
                                            icon(.chevronRight),
                                        ])
                                ])
                        }
                            + [
                                extraLink(
                                    SiteURL.wishes(.yearlyList), id: "yearly-link", symbol: .cake, className: "wishes-box-yearly",
                                    title: l.t("wishes.yearly.title")),
                                extraLink(
                                    SiteURL.wishes(.contacts), id: "contacts-link", symbol: .people, className: "wishes-box-contacts",
                                    title: l.t("wishes.contacts.title")),
                            ])
                ]),
            el(
                "a",
                [
                    .class("button button-primary button-block wishes-compose-button"),
                    Attr("href", SiteURL.wishes(.compose).with([("from", "home")])), .id("schedule-wish"),
                ],
                [
                    icon(.plus), txt(l.t("wishes.home.schedule")),
                ]),
        ]
        return Layout.render(
            .init(title: l.t("nav.wishes"), stylesheet: WishesModule.stylesheet, bodyClass: "wishes-page"), context: context,
            content: content)
    }

    /// A row under the three lists: a page of Wishes without a count (Yearly Wishes, Contacts).
    private static func extraLink(_ url: SiteURL, id: String, symbol: Icon, className: String, title: String) -> HTMLNode {
        el(
            "li", [],
            [
                el(
                    "a", [.class("wishes-box-link"), Attr("href", url.path), .id(id)],
                    [
                        el("span", [.class("wishes-box-icon \(className)")], [icon(symbol)]),
                        el("span", [.class("wishes-box-text")], [el("strong", [], [txt(title)])]),
                        icon(.chevronRight),
                    ])
            ])
    }
}
