import Foundation
import KineticCore
import Vapor

/// The yearly wishes page and its Pause, Resume and End forms.
struct WishYearlyController {
    func index(_ request: Request) async throws -> Response {
        let l = request.localizer
        let wishes = try request.wishes()
        let yearly = wishes.yearly
        var items: [WishYearlyPage.Item] = []
        for series in try await yearly.list() {
            let id = try series.requireID().uuidString
            let recipients = try await yearly.recipients(of: series)
            let names = try await WishContacts.knownNames(of: recipients.map(\.address), to: wishes.userID, on: request.db)
            let upcoming = try await yearly.upcoming(of: series)
            let next = series.state == .active ? series.occurrences(after: request.now, count: 1).first : nil
            let day = l.birthday(Birthday(month: series.month, day: series.day) ?? Birthday(month: 1, day: 1)!)
            let time = TimeOfDay(series.localTime).map { l.time($0) } ?? series.localTime
            var schedule = l.t("wishes.yearly.every", day, time, l.timeZoneName(series.timeZone))
            if let contactID = series.birthdayContactID, let contact = try? await wishes.contacts.record(contactID).contact {
                schedule = l.t("wishes.yearly.everyBirthday", contact.displayName, day, time, l.timeZoneName(series.timeZone))
                if series.month == 2 && series.day == 29 {
                    let march = series.leapDay == YearlyRecurrence.LeapDay.march1.rawValue
                    schedule += " " + l.t(march ? "wishes.yearly.otherYearsMarch1" : "wishes.yearly.otherYearsFebruary28")
                }
            }
            items.append(
                WishYearlyPage.Item(
                    id: id, occasion: series.occasion, subject: series.subject,
                    people: l.listJoined(recipients.map { names[$0.address] ?? $0.address }), schedule: schedule,
                    status: status(of: series, upcoming: upcoming, next: next, l: l),
                    isPaused: series.state == .paused,
                    reminder: series.remindDays.map { l.plural("wishes.yearly.remindBefore", count: $0) },
                    upcomingHref: upcoming.flatMap { $0.id }.map { SiteURL.wishes(.wish(id: $0.uuidString)).path }))
        }
        let notice: String? =
            switch request.query[String.self, at: "done"] {
            case "paused": l.t("wishes.yearly.done.paused")
            case "resumed": l.t("wishes.yearly.done.resumed")
            case "ended": l.t("wishes.yearly.done.ended")
            default: nil
            }
        return .html(WishYearlyPage.render(items, notice: notice, context: PageContext(request: request)))
    }

    /// "Next: …", or "Paused", or "Paused after the one of …" while a year's wish still waits.
    private func status(of series: WishSeriesRecord, upcoming: WishRecord?, next: WishSendTime?, l: Localizer) -> String {
        let waiting = upcoming.map { l.dateTime($0.sendAt, in: TimeZone(identifier: $0.timeZone) ?? .gmt) }
        guard series.state == .active else { return waiting.map { l.t("wishes.yearly.pausedAfter", $0) } ?? l.t("wishes.yearly.paused") }
        return l.t("wishes.yearly.next", waiting ?? next.map { l.dateTime($0.instant, in: $0.timeZone) } ?? "")
    }

    func pause(_ request: Request) async throws -> Response {
        _ = try await request.wishes().yearly.pause(request.requestedSeriesID)
        return request.redirect(to: SiteURL.wishes(.yearlyList).with([("done", "paused")]))
    }

    func resume(_ request: Request) async throws -> Response {
        _ = try await request.wishes().yearly.resume(request.requestedSeriesID)
        return request.redirect(to: SiteURL.wishes(.yearlyList).with([("done", "resumed")]))
    }

    func end(_ request: Request) async throws -> Response {
        try await request.wishes().yearly.end(request.requestedSeriesID)
        return request.redirect(to: SiteURL.wishes(.yearlyList).with([("done", "ended")]))
    }
}
