import Fluent
import Foundation
import KineticCore
import KineticMail

/// What the reminder of a yearly wish says to its sender, in their language: who it goes to
/// (by the names the sender knows them by), when, the age a birthday's person turns where the
/// birthday has a year, what went to them last year, and one link to review this year's wish
/// before it goes. The Inbox item, the e-mail and the push all say it.
struct WishReminder {
    let subject: String
    /// The paragraphs, the first saying who and when.
    let paragraphs: [String]
    /// The label of the link, and where it goes: this year's wish, to change.
    let action: String
    let path: String

    /// The reminder of `wish` (one year's wish of a yearly one) from `sender`.
    static func of(_ wish: WishRecord, sender: User, on database: any Database, localizer l: Localizer) async throws -> WishReminder {
        let id = try wish.requireID()
        let senderID = try sender.requireID()
        let addresses = try await WishesRepository(database: database).recipients(of: id)
        let names = try await WishContacts.knownNames(of: addresses, to: senderID, on: database)
        let people = l.listJoined(addresses.map { names[$0] ?? $0 })
        let zone = TimeZone(identifier: wish.timeZone) ?? .gmt
        let when = l.dateTime(wish.sendAt, in: zone) + " (" + l.timeZoneName(wish.timeZone) + ")"
        var paragraphs = [l.t("wishes.reminder.goesOut", wish.subject, people, when)]
        var subject = l.t("wishes.reminder.subject", wish.subject)
        var series: WishSeriesRecord?
        if let seriesID = wish.seriesID { series = try await WishSeriesRecord.find(seriesID, on: database) }
        if let contactID = series?.birthdayContactID,
            let contact = try await WishContactRecord.query(on: database).filter(\.$id == contactID).filter(\.$owner.$id == senderID)
                .first()?.contact
        {
            subject = l.t("wishes.reminder.birthdaySubject", contact.displayName, l.date(LocalDate(containing: wish.sendAt, in: zone)))
            if let year = wish.occurrenceYear, let age = contact.birthday?.age(in: year) {
                paragraphs.append(l.t("wishes.reminder.turns", contact.firstName ?? contact.displayName, l.number(age)))
            }
        }
        if let seriesID = wish.seriesID, let year = wish.occurrenceYear {
            let last = try await WishRecord.query(on: database).filter(\.$seriesID == seriesID).filter(\.$occurrenceYear == year - 1)
                .filter(\.$state == .sent).first()
            paragraphs.append(
                last.map { l.t("wishes.reminder.lastYear", $0.subject, Self.excerpt($0.message)) } ?? l.t("wishes.reminder.firstYear"))
        }
        paragraphs.append(l.t("wishes.reminder.nothingToDo"))
        return WishReminder(
            subject: subject, paragraphs: paragraphs, action: l.t("wishes.reminder.review"),
            path: SiteURL.wishes(.edit(id: id.uuidString.lowercased())).path)
    }

    /// The e-mail to `sender` at `address`, from Kinetic's address, with the link under `publicURL`;
    /// its footer says why it came and where reminders are turned off.
    func mail(to address: String, from: MailAddress, publicURL: String, id: UUID, now: Date, localizer l: Localizer) -> MailMessage {
        let link = publicURL + path
        let yearly = publicURL + SiteURL.wishes(.yearlyList).path
        let why = l.t("wishes.reminder.footer.why"), turnOff = l.t("wishes.reminder.footer.turnOff")
        let html = MailLayout.render(
            title: subject, preheader: paragraphs[0],
            content: [MailLayout.paragraph(paragraphs[0])] + paragraphs.dropFirst().dropLast().map { MailLayout.paragraph($0) }
                + [MailLayout.button(action, href: link), MailLayout.paragraph(paragraphs.last ?? "")],
            notes: [MailLayout.note(why), MailLayout.note(turnOff, link: (l.t("wishes.reminder.footer.yearly"), yearly))], l: l)
        let text = paragraphs.dropLast() + [action + ": " + link, paragraphs.last ?? "", "-- \n" + why + "\n" + turnOff + " " + yearly]
        return MailMessage(
            messageID: "reminder-\(id.uuidString.lowercased())@\(from.domain)", date: now,
            from: MailAddress(from.address, name: l.t("app.name")), to: [MailAddress(address)], subject: subject,
            text: text.joined(separator: "\n\n"), html: html)
    }

    /// The Inbox item's text: every paragraph but the last, which the page's own link replaces.
    var message: String { paragraphs.dropLast().joined(separator: "\n\n") }

    /// The start of a message, to remind of it: its first 140 characters, cut at a word.
    static func excerpt(_ message: String) -> String {
        let flat = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard flat.count > 140 else { return flat }
        let cut = flat.prefix(140)
        return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)]) + "…"
    }
}
