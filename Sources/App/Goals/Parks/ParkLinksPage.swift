import Foundation
import KineticCore

/// Settings › Parks: the parks that asked to report the person's jump sessions (Approve,
/// Decline) and those that do (Stop).
enum ParkLinksPage {
    struct Model {
        let links: [(link: ParkLinkRecord, park: ParkRecord)]
        let timeZone: TimeZone
        var saved: ParkLinkStatus? = nil
    }

    static func render(_ model: Model, context: PageContext) -> String {
        let l = context.localizer
        let asking = model.links.filter { $0.link.linkStatus == .pending }
        let reporting = model.links.filter { $0.link.linkStatus == .approved }
        var content: [HTMLNode] = [
            banner(model.saved.map { l.t(savedKey($0)) }, isError: false),
            el("p", [.class("page-intro")], [txt(l.t("parks.intro"))]),
        ]
        if !asking.isEmpty { content.append(section("parks.asking", rows: asking, model: model, context: context)) }
        if !reporting.isEmpty { content.append(section("parks.reporting", rows: reporting, model: model, context: context)) }
        if asking.isEmpty && reporting.isEmpty {
            content.append(el("div", [.class("card")], [el("p", [.class("days-off-empty")], [txt(l.t("parks.none"))])]))
        }
        return Layout.render(
            .init(title: l.t("parks.title"), backLink: (SiteURL.settings.path, l.t("settings.title")), stylesheet: GoalsModule.stylesheet),
            context: context, content: content)
    }

    private static func section(
        _ titleKey: String, rows: [(link: ParkLinkRecord, park: ParkRecord)], model: Model, context: PageContext
    ) -> HTMLNode {
        let l = context.localizer
        let id = titleKey.replacingOccurrences(of: ".", with: "-")
        return el(
            "section", [.class("card days-off-list"), .aria("labelledby", id)],
            [
                el("h2", [.id(id), .class("field-label")], [txt(l.t(titleKey))]),
                el("ul", [.class("park-links")], rows.map { row($0.link, park: $0.park, model: model, context: context) }),
            ])
    }

    private static func row(_ link: ParkLinkRecord, park: ParkRecord, model: Model, context: PageContext) -> HTMLNode {
        let l = context.localizer
        let pending = link.linkStatus == .pending
        let day = LocalDate(containing: (pending ? link.requestedAt : link.decidedAt) ?? link.requestedAt, in: model.timeZone)
        let detail = [
            l.t(pending ? "parks.askedOn" : "parks.since", l.fullDate(day)), link.reference.map { l.t("parks.reference", $0) },
        ].compactMap { $0 }.joined(separator: " · ")
        func button(_ answer: ParkLinkAnswer, _ labelKey: String, primary: Bool) -> HTMLNode {
            el(
                "form", [Attr("method", "post"), Attr("action", SiteURL.parkLink(id: link.id?.uuidString ?? "").path)],
                [
                    CSRFField.render(context.csrfToken),
                    voidEl("input", [Attr("type", "hidden"), Attr("name", "answer"), Attr("value", answer.rawValue)]),
                    el(
                        "button",
                        [
                            Attr("type", "submit"), .class("button button-small " + (primary ? "button-primary" : "button-secondary")),
                            .aria("label", l.t(labelKey + "Named", park.name)),
                        ], [txt(l.t(labelKey))]),
                ])
        }
        return el(
            "li", [.class("park-link")],
            [
                el("span", [.class("list-row-text")], [el("strong", [], [txt(park.name)]), el("span", [], [txt(detail)])]),
                el(
                    "div", [.class("park-link-actions")],
                    pending
                        ? [button(.approve, "parks.approve", primary: true), button(.decline, "parks.decline", primary: false)]
                        : [button(.decline, "parks.stop", primary: false)]),
            ])
    }

    private static func savedKey(_ status: ParkLinkStatus) -> String {
        switch status {
        case .approved: "parks.saved.approved"
        case .declined, .pending: "parks.saved.declined"
        case .revoked: "parks.saved.stopped"
        }
    }
}
