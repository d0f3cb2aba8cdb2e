import Foundation
import KineticCore
import Vapor

/// The Wishes pages: the dashboard, the three lists with search and select mode, a wish, and
/// deleting one or several.
struct WishesController {
    func home(_ request: Request) async throws -> Response {
        let counts = try await request.wishes().boxes.counts()
        let notice = request.query[String.self, at: "done"] == "scheduled" ? request.localizer.t("wishes.compose.scheduledNotice") : nil
        let model = WishesHomePage.Model(
            scheduled: counts.boxes[.scheduled] ?? 0, inbox: counts.boxes[.inbox] ?? 0,
            unread: counts.unread, sent: counts.boxes[.sent] ?? 0, notice: notice)
        return .html(WishesHomePage.render(model, context: PageContext(request: request)))
    }

    func list(_ box: WishBox) -> @Sendable (Request) async throws -> Response {
        { request in try await listPage(request, box: box) }
    }

    private func listPage(_ request: Request, box: WishBox) async throws -> Response {
        let l = request.localizer
        let boxes = try request.wishes().boxes
        var filter = WishListFilter()
        var notice = WishesController.notice(request)
        var cursor: WishListCursor?
        do {
            filter = try request.requestedWishFilter()
            cursor = try request.requestedWishCursor(for: filter)
        } catch {
            notice = (l.t("wishes.error.cursor"), true)
        }
        if cursor == nil, !filter.phrase.isEmpty { try await boxes.recordSearch(filter.phrase, in: box) }
        let page = try await boxes.page(box, filter: filter, after: cursor)
        let isSearching = request.query[String.self, at: "search"] == "1"
        let isSelecting = request.query[String.self, at: "select"] == "1" && box != .scheduled
        let filterItems = WishesController.filterItems(filter)
        let timeZone = request.userCalendar.timeZone
        let model = WishBoxPage.Model(
            box: box,
            cells: page.items.map {
                WishesChrome.cell(
                    $0, href: SiteURL.wishes(.wish(id: $0.id.uuidString)).with(filterItems), l: l, timeZone: timeZone, now: request.now)
            },
            nextHref: page.next.map {
                SiteURL.wishes(.box(box)).with(filterItems + [("cursor", $0.token)] + (isSelecting ? [("select", "1")] : []))
            },
            phrase: filter.phrase, occasion: filter.occasion,
            history: isSearching && filter.isEmpty ? try await boxes.searchHistory(box).phrases : [],
            isSearching: isSearching, isSelecting: isSelecting,
            selfHref: SiteURL.wishes(.box(box)).with(filterItems), notice: notice?.text, noticeIsError: notice?.isError ?? false
        )
        return .html(WishBoxPage.render(model, context: PageContext(request: request)))
    }

    func message(_ request: Request) async throws -> Response {
        let wishes = try request.wishes()
        var listing = try await wishes.wish(request.requestedWishID)
        if listing.isUnread {
            try await wishes.boxes.markRead(listing.id, now: request.now)
            listing = try await wishes.wish(listing.id)
        }
        return try await messagePage(request, listing: listing, thanks: .init(text: "", error: nil))
    }

    private struct ThanksForm: Content {
        var message: String?
    }

    /// Say thanks on an Inbox wish: into its sender's Inbox, then the wish again saying so; the
    /// page again naming what was wrong with the note.
    func thank(_ request: Request) async throws -> Response {
        let wishes = try request.wishes()
        let listing = try await wishes.wish(request.requestedWishID)
        guard listing.box == .inbox else { throw AppError.notFound }
        let l = request.localizer
        let text = try request.content.decode(ThanksForm.self).message ?? ""
        let note: String
        switch WishThanks.checked(text) {
        case .success(let checked): note = checked
        case .failure(let errors):
            let error = l.t(errors.messages["message"] ?? "error.validation", l.number(WishThanks.maximumLength))
            return try await messagePage(request, listing: listing, thanks: .init(text: text, error: error), status: .unprocessableEntity)
        }
        let page = SiteURL.wishes(.wish(id: listing.id.uuidString))
        switch try await wishes.boxes.thank(listing.id, note: note, from: wishes.user, now: wishes.now) {
        case .sent, .already: return request.redirect(to: page.with([("done", "thanked")]))
        case .senderGone:
            let error = l.t("wishes.thanks.error.senderGone")
            return try await messagePage(request, listing: listing, thanks: .init(text: text, error: error), status: .conflict)
        }
    }

    private func messagePage(
        _ request: Request, listing: WishListing, thanks: WishMessagePage.Thanks, status: HTTPStatus = .ok
    ) async throws -> Response {
        let boxes = try request.wishes().boxes
        let filter = (try? request.requestedWishFilter()) ?? WishListFilter()
        let neighbours = try await boxes.neighbours(of: listing, filter: filter)
        let items = WishesController.filterItems(filter)
        let model = WishMessagePage.model(
            listing, l: request.localizer, timeZone: request.userCalendar.timeZone,
            previousHref: neighbours.previous.map { SiteURL.wishes(.wish(id: $0.uuidString)).with(items) },
            nextHref: neighbours.next.map { SiteURL.wishes(.wish(id: $0.uuidString)).with(items) },
            listHref: SiteURL.wishes(.box(listing.box)).with(items), notice: WishesController.notice(request), thanks: thanks
        )
        return .html(WishMessagePage.render(model, context: PageContext(request: request)), status: status)
    }

    private struct DeleteForm: Content {
        var ids: [String]?
        var back: String?
        var confirmed: String?
    }

    /// Deletes the posted `ids[]` after the question was answered (the script's dialog, or the
    /// question's own page without it), then returns to `back`.
    func delete(_ request: Request) async throws -> Response {
        let form = try request.content.decode(DeleteForm.self)
        let back = WishesController.safeBack(form.back)
        let texts = form.ids ?? []
        guard !texts.isEmpty else { return request.redirect(to: back) }
        guard form.confirmed == "1" else {
            return .html(WishDeleteConfirmPage.render(ids: texts, back: back, context: PageContext(request: request)))
        }
        let ids = texts.compactMap(UUID.init(uuidString:))
        guard ids.count == texts.count, ids.count <= 500 else { throw AppError.notFound }
        do {
            try await request.wishes().boxes.delete(ids, now: request.now)
        } catch WishChangeRefusal.beingSent {
            return request.redirect(to: WishesController.adding(("done", "busy"), to: back))
        } catch WishChangeRefusal.notFound {
            throw AppError.notFound
        }
        // A deleted wish's own page is gone: go back to its list.
        let target = back.hasPrefix(SiteURL.wishes(.wish(id: ids.first?.uuidString ?? "")).path) ? SiteURL.module(.wishes).path : back
        return request.redirect(to: WishesController.adding(("done", ids.count == 1 ? "deleted" : "deleted-\(ids.count)"), to: target))
    }

    // MARK: - Helpers

    /// `?done=` as a banner: what just happened.
    static func notice(_ request: Request) -> (text: String, isError: Bool)? {
        let l = request.localizer
        guard let done = request.query[String.self, at: "done"] else { return nil }
        switch done {
        case "deleted": return (l.t("wishes.delete.done"), false)
        case "busy": return (l.t("wishes.error.beingSent"), true)
        case "scheduled": return (l.t("wishes.compose.scheduledNotice"), false)
        case "saved": return (l.t("wishes.compose.savedNotice"), false)
        case "thanked": return (l.t("wishes.thanks.done"), false)
        default:
            if done.hasPrefix("deleted-"), let count = Int(done.dropFirst(8)) {
                return (l.t("wishes.delete.doneMany", l.number(count)), false)
            }
            return nil
        }
    }

    static func filterItems(_ filter: WishListFilter) -> [(name: String, value: String?)] {
        [("q", filter.phrase.isEmpty ? nil : filter.phrase), ("occasion", filter.occasion?.rawValue)]
    }

    /// A path inside Wishes to return to; anything else (another site, another module) is the dashboard.
    static func safeBack(_ back: String?) -> String {
        guard let back, back.hasPrefix(SiteURL.module(.wishes).path), !back.hasPrefix("//"), !back.contains("\\"),
            back.allSatisfy({ !$0.isWhitespace })
        else { return SiteURL.module(.wishes).path }
        return back
    }

    static func adding(_ item: (String, String), to path: String) -> String {
        let clean = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        let query =
            path.split(separator: "?", maxSplits: 1).dropFirst().first.map {
                $0.split(separator: "&").filter { !$0.hasPrefix("done=") }.joined(separator: "&")
            } ?? ""
        return clean + "?" + (query.isEmpty ? "" : query + "&") + item.0 + "=" + item.1
    }
}

extension WishMessagePage {
    /// Each recipient and the Connections post: how they get it while scheduled, how it went once sent.
    private static func deliveries(of listing: WishListing, l: Localizer, timeZone: TimeZone) -> [WishesChrome.DeliveryRow] {
        let connections = l.t(WishChannel.connections.nameKey)
        switch listing.box {
        case .inbox: return []
        case .scheduled:
            return listing.recipients.map {
                WishesChrome.DeliveryRow(
                    who: listing.name(of: $0.address), state: l.t($0.reach.nameKey), stateID: nil, isFailed: false, reason: nil)
            }
                + (listing.postsToConnections
                    ? [
                        WishesChrome.DeliveryRow(
                            who: connections, state: l.t("wishes.reach.connections"), stateID: nil, isFailed: false, reason: nil)
                    ] : [])
        case .sent:
            let people = listing.outcomes.map { recipient, outcome in
                WishesChrome.DeliveryRow(
                    who: listing.name(of: recipient.address), state: l.outcomeText(outcome), stateID: outcome.name,
                    isFailed: outcome.kind == .failed,
                    reason: outcome.reason.map { l.deliveryReason($0, nextTry: outcome.nextTry, in: timeZone) })
            }
            let post = listing.connectionsDelivery.map { delivery in
                WishesChrome.DeliveryRow(
                    who: connections, state: l.t(delivery.state.nameKey), stateID: delivery.state.rawValue,
                    isFailed: delivery.state == .failed, reason: delivery.lastError.map { l.deliveryReason($0) })
            }
            return people + (post.map { [$0] } ?? [])
        }
    }

    static func model(
        _ listing: WishListing, l: Localizer, timeZone: TimeZone, previousHref: String?, nextHref: String?, listHref: String,
        notice: (text: String, isError: Bool)?, thanks: Thanks = Thanks(text: "", error: nil)
    ) -> Model {
        // Sent once every recipient's delivery ended; sending while one still waits.
        let waiting = listing.box == .sent ? OutcomeTally(listing.outcomes.map(\.outcome))[.waiting] : 0
        let (peopleLabel, whenLabel): (String, String) =
            switch listing.box {
            case .scheduled: (l.t("wishes.message.to"), l.t("wishes.message.sendsAt"))
            case .sent: (l.t("wishes.message.to"), l.t(waiting > 0 ? "wishes.message.sendingSince" : "wishes.message.sentAt"))
            case .inbox: (l.t("wishes.message.from"), l.t("wishes.message.receivedAt"))
            }
        let people =
            listing.box == .inbox
            ? [listing.senderName, listing.people.first].compactMap { $0 }.joined(separator: " · ")
            : l.listJoined(listing.peopleByName)
        return Model(
            id: listing.id.uuidString, box: listing.box, occasion: listing.occasion,
            subject: listing.subject, message: listing.message, photoURL: listing.photo.map { WishDTO.url(of: $0, api: false) },
            peopleLabel: peopleLabel, people: people, whenLabel: whenLabel,
            when: l.dateTime(listing.at, in: timeZone)
                + (waiting > 0 ? " · " + l.t(OutcomeTally.Kind.waiting.countKey, l.number(waiting)) : ""),
            deliveriesTitle: l.t(listing.box == .sent ? "wishes.message.deliveries" : "wishes.message.reaches"),
            deliveries: deliveries(of: listing, l: l, timeZone: timeZone),
            previousHref: previousHref, nextHref: nextHref, listHref: listHref,
            editHref: listing.box == .scheduled ? SiteURL.wishes(.edit(id: listing.id.uuidString)).path : nil,
            notice: notice?.text, noticeIsError: notice?.isError ?? false,
            thanks: listing.box == .inbox && listing.kind == .wish ? thanks : nil,
            thankedOn: listing.thankedAt.map { l.dateTime($0, in: timeZone) },
            related: related(to: listing, l: l)
        )
    }

    /// Where a wish leads: a yearly wish's page, or from a reminder the year's wish it is about.
    private static func related(to listing: WishListing, l: Localizer) -> (href: String, label: String)? {
        if listing.seriesID != nil { return (SiteURL.wishes(.yearlyList).path, l.t("wishes.yearly.title")) }
        if listing.box == .inbox, listing.kind == .reminder, let wish = listing.sourceWishID {
            return (SiteURL.wishes(.wish(id: wish.uuidString)).path, l.t("wishes.yearly.open"))
        }
        return nil
    }
}
