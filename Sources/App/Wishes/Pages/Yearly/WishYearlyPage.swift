import KineticCore

/// The yearly wishes: for each, what it says and to whom, when it repeats, the next time and
/// the reminder; Pause or Resume, and End (asked first).
enum WishYearlyPage {
    struct Item {
        let id: String
        let occasion: Occasion
        let subject: String
        let people: String
        /// "Every year on April 15 at 8:00 AM, Lisbon time".
        let schedule: String
        /// "Next: Thu, Apr 15, 2027" or "Paused".
        let status: String
        let isPaused: Bool
        let reminder: String?
        let upcomingHref: String?
    }

    static func render(_ items: [Item], notice: String?, context: PageContext) -> String {
        let l = context.localizer
        var content: [HTMLNode] = [banner(notice, isError: false)]
        if items.isEmpty {
            content.append(
                EmptyState.render(icon: .wishes, title: l.t("wishes.yearly.empty.title"), message: l.t("wishes.yearly.empty.message")))
        }
        for item in items {
            content.append(
                el(
                    "article", [.class("card yearly-item"), .aria("labelledby", "yearly-\(item.id)")],
                    [
                        el(
                            "p", [.class("wish-message-occasion occasion-\(item.occasion.rawValue)")],
                            [icon(WishesChrome.occasionIcon(item.occasion)), txt(l.t(item.occasion.nameKey))]),
                        el("h2", [.class("yearly-subject"), .id("yearly-\(item.id)")], [txt(item.subject)]),
                        el("p", [.class("yearly-people")], [txt(item.people)]),
                        el("p", [.class("yearly-schedule")], [txt(item.schedule)]),
                        el("p", [.class(item.isPaused ? "yearly-status yearly-paused" : "yearly-status")], [txt(item.status)]),
                        item.reminder.map { el("p", [.class("field-hint")], [txt($0)]) } ?? .empty,
                        el(
                            "div", [.class("yearly-actions")],
                            [
                                item.upcomingHref.map {
                                    el(
                                        "a", [.class("button button-secondary button-small"), Attr("href", $0)],
                                        [txt(l.t("wishes.yearly.open"))])
                                } ?? .empty,
                                action(
                                    item.isPaused ? SiteURL.wishes(.resumeYearly(id: item.id)) : SiteURL.wishes(.pauseYearly(id: item.id)),
                                    label: l.t(item.isPaused ? "wishes.yearly.resume" : "wishes.yearly.pause"),
                                    id: "yearly-toggle-\(item.id)",
                                    confirm: nil, context: context),
                                action(
                                    SiteURL.wishes(.endYearly(id: item.id)), label: l.t("wishes.yearly.end"), id: "yearly-end-\(item.id)",
                                    confirm: l.t("wishes.yearly.endQuestion"), context: context),
                            ]),
                    ]))
        }
        return Layout.render(
            .init(
                title: l.t("wishes.yearly.title"), backLink: (SiteURL.module(.wishes).path, l.t("nav.wishes")),
                stylesheet: WishesModule.stylesheet, scripts: ["js/shared/confirm-forms.js"], bodyClass: "wishes-page yearly-page"),
            context: context, content: content)
    }

    private static func action(_ url: SiteURL, label: String, id: String, confirm: String?, context: PageContext) -> HTMLNode {
        el(
            "form", [Attr("method", "post"), Attr("action", url.path), confirm.map { .data("confirm", $0) }],
            [
                CSRFField.render(context.csrfToken),
                el(
                    "button",
                    [
                        Attr("type", "submit"),
                        .class(confirm == nil ? "button button-secondary button-small" : "button button-destructive button-small"), .id(id),
                    ],
                    [txt(label)]),
            ])
    }
}
