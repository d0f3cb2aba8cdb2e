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
        /// Sent: how its deliveries stand, e.g. "3 delivered · 1 failed".
        let status: String?
        let hasFailure: Bool
    }

    static func cell(_ listing: WishListing, href: String, l: Localizer, timeZone: TimeZone, now: Date) -> Cell {
        let preview = listing.message.split(whereSeparator: \.isNewline).joined(separator: " ")
        var status: String?
        if listing.box == .sent {
            let counts = Dictionary(grouping: listing.deliveries, by: \.state).mapValues(\.count)
            status = DeliveryState.allCases.compactMap { state in
                counts[state].map { l.t("wishes.list.stateCount", l.number($0), l.t(state.nameKey)) }
            }.joined(separator: " · ")
        }
        return Cell(
            id: listing.id.uuidString, href: href, occasion: listing.occasion, occasionName: l.t(listing.occasion.nameKey),
            subject: listing.subject, preview: String(preview.prefix(140)),
            people: listing.box == .inbox ? (listing.senderName ?? listing.people.first ?? "") : l.listJoined(listing.people),
            when: l.listTime(listing.at, in: timeZone, now: now), isUnread: listing.isUnread, status: status,
            hasFailure: listing.deliveries.contains { $0.state == .failed }
        )
    }
}

extension Localizer {
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
