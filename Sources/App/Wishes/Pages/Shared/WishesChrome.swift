import Foundation
import KineticCore

/// What the Wishes pages share: each occasion's icon, how a wish's time reads,
/// and the wish cell of the three lists.
enum WishesChrome {
    static func occasionIcon(_ occasion: Occasion) -> Icon {
        switch occasion {
        case .birthday: .cake
        case .anniversary: .rings
        case .holiday: .star
        case .congratulations: .party
        case .thankYou: .flower
        }
    }

    /// The five occasion icons in a row (the seed's header; decoration).
    static func occasionStrip(_ l: Localizer) -> HTMLNode {
        el(
            "ul", [.class("occasion-strip"), .aria("label", l.t("wishes.home.occasions"))],
            Occasion.allCases.map { occasion in
                el(
                    "li", [.class("occasion-badge occasion-\(occasion.rawValue)")],
                    [
                        icon(occasionIcon(occasion), label: l.t(occasion.nameKey))
                    ])
            })
    }

    /// A wish as its recipients see it: the card or photo, the occasion, subject and message.
    static func card(occasion: Occasion, subject: String, message: String, photoURL: String?, l: Localizer) -> HTMLNode {
        let occasionName = l.t(occasion.nameKey)
        return el(
            "article", [.class("card wish-message"), .aria("labelledby", "wish-subject")],
            [
                photoURL.map { url in
                    el(
                        "div", [.class("wish-photo")],
                        [voidEl("img", [Attr("src", url), Attr("alt", l.t("wishes.message.photoAlt", occasionName))])])
                } ?? .empty,
                el(
                    "div", [.class("wish-message-body")],
                    [
                        el(
                            "p", [.class("wish-message-occasion occasion-\(occasion.rawValue)")],
                            [icon(occasionIcon(occasion)), txt(occasionName)]),
                        el("h2", [.id("wish-subject"), .class("wish-message-subject")], [txt(subject)]),
                        el(
                            "div", [.class("wish-message-text")],
                            message.components(separatedBy: "\n").map { line in
                                line.isEmpty ? voidEl("br", []) : el("p", [], [txt(line)])
                            }),
                    ]),
            ])
    }

    /// A recipient (or the Connections post) and how it goes or went for them.
    struct DeliveryRow: Equatable {
        /// The address, or "Connections".
        let who: String
        /// "By e-mail" (before it goes), "Delivered by e-mail", "Failed" (after)….
        let state: String
        /// `waiting`, `delivered`, `failed`, … for its colour; nil before it goes.
        let stateID: String?
        let isFailed: Bool
        let reason: String?
    }

    /// The recipients of a wish, each with how it goes or went for them, under `title`.
    static func deliveryList(_ rows: [DeliveryRow], title: String) -> HTMLNode {
        guard !rows.isEmpty else { return .empty }
        return el(
            "section", [.class("card wish-deliveries"), .aria("labelledby", "deliveries-title")],
            [
                el("h2", [.class("card-title"), .id("deliveries-title")], [txt(title)]),
                el(
                    "ul", [],
                    rows.map { row in
                        el(
                            "li", [.class(row.isFailed ? "wish-delivery wish-delivery-failed" : "wish-delivery")],
                            [
                                el("span", [.class("wish-delivery-what")], [el("strong", [], [txt(row.who)])]),
                                el("span", [.class("wish-delivery-state state-\(row.stateID ?? "planned")")], [txt(row.state)]),
                                row.reason.map { el("span", [.class("wish-delivery-reason")], [txt($0)]) } ?? .empty,
                            ])
                    }),
            ])
    }

    /// A wish's cell as the lists show it.
    struct Cell: Equatable {
        let id: String
        let href: String
        let occasion: Occasion
        let occasionName: String
        let subject: String
        let preview: String
        /// Recipients (Scheduled, Sent) or the sender (Inbox).
        let people: String
        let when: String
        let isUnread: Bool
        /// Sent: how it stands for its recipients, e.g. "3 delivered · 1 failed", and its
        /// Connections post.
        let status: String?
        let hasFailure: Bool
    }

    static func cell(_ listing: WishListing, href: String, l: Localizer, timeZone: TimeZone, now: Date) -> Cell {
        let preview = listing.message.split(whereSeparator: \.isNewline).joined(separator: " ")
        var status: String?
        var hasFailure = false
        if listing.box == .sent {
            let tally = OutcomeTally(listing.outcomes.map(\.outcome))
            var parts = tally.nonzero.map { l.t($0.kind.countKey, l.number($0.count)) }
            if let post = listing.connectionsDelivery { parts.append(l.t("wishes.list.connections", l.t(post.state.nameKey))) }
            status = parts.joined(separator: " · ")
            hasFailure = tally[.failed] > 0 || listing.connectionsDelivery?.state == .failed
        } else if listing.box == .scheduled, listing.seriesID != nil {
            status = l.t("wishes.yearly.badge")
        }
        return Cell(
            id: listing.id.uuidString, href: href, occasion: listing.occasion, occasionName: l.t(listing.occasion.nameKey),
            subject: listing.subject, preview: String(preview.prefix(140)),
            people: listing.box == .inbox ? (listing.senderName ?? listing.people.first ?? "") : l.listJoined(listing.peopleByName),
            when: l.listTime(listing.at, in: timeZone, now: now), isUnread: listing.isUnread, status: status,
            hasFailure: hasFailure
        )
    }
}

extension Localizer {
    /// How a wish ended up, or stands, for one recipient: "Delivered by e-mail", "In their
    /// Kinetic inbox", "Waiting", "Failed"….
    func outcomeText(_ outcome: RecipientOutcome) -> String {
        switch outcome {
        case .delivered(let channels):
            t(
                RecipientReach.implied(byChannels: Set(channels)).map { "wishes.outcome.delivered.\($0.rawValue)" }
                    ?? "wishes.delivery.delivered")
        case .waiting: t(DeliveryState.pending.nameKey)
        case .failed: t(DeliveryState.failed.nameKey)
        case .cancelled: t(DeliveryState.cancelled.nameKey)
        case .onlyNamed: t("wishes.outcome.named")
        }
    }

    /// An instant as a list shows it, as Mail does: the time on its own day, the day and month
    /// within the year, else the whole date.
    func listTime(_ instant: Date, in timeZone: TimeZone, now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        if calendar.isDate(instant, inSameDayAs: now) {
            return instant.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: locale, timeZone: timeZone))
        }
        if calendar.component(.year, from: instant) == calendar.component(.year, from: now) {
            var style = Date.FormatStyle(locale: locale, timeZone: timeZone)
            style = style.month(.abbreviated).day()
            return instant.formatted(style)
        }
        return instant.formatted(Date.FormatStyle(date: .numeric, time: .omitted, locale: locale, timeZone: timeZone))
    }

    /// An instant as a date and time in `timeZone`, e.g. "Jan 15, 2027 at 9:00 AM".
    func dateTime(_ instant: Date, in timeZone: TimeZone) -> String {
        instant.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale, timeZone: timeZone))
    }
}
