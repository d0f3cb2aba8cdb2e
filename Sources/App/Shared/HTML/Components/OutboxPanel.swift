/// The forms of a module filled in offline and waiting in the phone's outbox (the service
/// worker's; `js/shared/outbox.js` lists them): each waiting to send, or refused with the
/// server's reason, to fix or discard. Hidden while nothing waits.
enum OutboxPanel {
    static func render(module: SiteURL.Module, l: Localizer) -> HTMLNode {
        el(
            "section",
            [
                .class("card outbox"), .data("outbox", module.name), .flag("hidden"), .aria("labelledby", "outbox-title"),
                .data("waiting", l.t("outbox.waiting")), .data("refused", l.t("outbox.refused")), .data("fix", l.t("outbox.fix")),
                .data("discard", l.t("outbox.discard")), .data("discard-question", l.t("outbox.discardQuestion")),
                .data("unnamed", l.t("outbox.unnamed")),
            ],
            [
                el("h2", [.class("card-title outbox-title"), .id("outbox-title"), Attr("tabindex", "-1")], [txt(l.t("outbox.title"))]),
                el("ul", [.class("outbox-items"), Attr("role", "list"), .aria("live", "polite")], []),
            ])
    }

    /// The attributes that let a form be filled in offline: `template` (a catalog string) names
    /// it once sent, from the values of `fields` ("a|b": the first of them filled in).
    static func queueable(template: String, fields: [String]) -> [Attr] {
        [.data("offline-queue", template), .data("offline-summary", fields.joined(separator: " "))]
    }
}
