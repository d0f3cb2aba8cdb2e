import Foundation
import KineticCore
import Vapor

/// The fields of the compose page, carried unchanged through Preview and Send Options (hidden
/// fields), so every step is an ordinary form that works without the script.
struct WishComposeForm: Content, Equatable {
    var occasion: String?
    var subject: String?
    var message: String?
    /// The catalog key of a chosen stock text; used when the message box was left empty.
    var stockText: String?
    /// `stock:…`, `upload:…`, or empty for none.
    var photo: String?
    var recipients: String?
    /// Addresses ticked in "Choose from contacts", added to ``recipients`` (the page's script
    /// adds them as they are ticked; this is for a browser without it).
    var contacts: [String]?
    /// `yyyy-MM-dd` and `HH:mm` on the sender's clock.
    var sendDate: String?
    var sendTime: String?
    /// How the sender chose to reach recipients, as `<reach> <address>` (Send Options' pickers).
    var reaches: [String]?
    /// `on` to post it on Connections too.
    var connections: String?
    /// The zone `sendDate` and `sendTime` are in: the sender's for a new wish, the wish's own
    /// when editing (it keeps its zone if the sender's changed since).
    var timeZone: String?
    /// `home` or `scheduled`: where Confirm returns to.
    var from: String?
    /// `on` to repeat it every year (a new wish only), and the days before each year's wish its
    /// sender is reminded (empty for none).
    var repeatsYearly: String?
    var remindDaysBefore: String?
    /// The address of the contact "On their birthday" picked: a yearly wish then goes on their
    /// birthday (``BirthdayAnchor``), and `leapDay` says where 29 February goes in other years.
    /// The page's script clears it when the day is changed by hand.
    var birthdayOf: String?
    var leapDay: String?

    /// Every address in To and among the ticked contacts, lowercased.
    var addresses: [String] {
        (WishDraft.recipientList(recipients ?? "") + (contacts ?? [])).map { $0.lowercased() }
    }

    /// The chosen stock text in the box when the sender wrote nothing of their own (greeting the
    /// recipient by their first name when `contacts`, the sender's by address, know it), and the
    /// ticked contacts among the recipients.
    func filled(_ l: Localizer, contacts book: [String: Contact]) -> WishComposeForm {
        var form = self
        let typed = WishDraft.recipientList(recipients ?? "")
        let known = Set(typed.map { $0.lowercased() })
        let ticked = (contacts ?? []).filter { !known.contains($0.lowercased()) }
        if !ticked.isEmpty { form.recipients = (typed + ticked).joined(separator: ", ") }
        form.contacts = nil
        if (form.message ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
            let key = stockText, Occasion.allCases.contains(where: { $0.stockTextKeys.contains(key) })
        {
            form.message =
                WishStock.greetedName(recipients: typed + ticked, contacts: book)
                .map { l.t(WishStock.namedTextKey(key), $0) } ?? l.t(key)
        }
        return form
    }

    /// What the draft rules check.
    func input() -> WishDraftInput {
        let date = (sendDate ?? "").trimmingCharacters(in: .whitespaces), time = (sendTime ?? "").trimmingCharacters(in: .whitespaces)
        var input = WishDraftInput(
            occasion: occasion, subject: subject, message: message, photo: photo,
            recipients: WishDraft.recipientList(recipients ?? ""),
            sendAt: date.isEmpty && time.isEmpty ? nil : "\(date)T\(time)",
            reaches: chosenReaches, postsToConnections: connections == "on"
        )
        if let contact = anchoredContact {
            input.onBirthdayOf = BirthdayChoice(contactEmail: contact, time: time, leapDay: leapDay)
        }
        return input
    }

    /// The contact whose birthday a yearly wish goes on, when it repeats and one was picked.
    var anchoredContact: String? {
        guard repeatsYearly == "on", let address = birthdayOf?.trimmingCharacters(in: .whitespaces), !address.isEmpty else { return nil }
        return address
    }

    /// The reminder of a yearly wish when it repeats (nil when it does not), or the problem of a
    /// reminder that is not one Kinetic offers.
    func yearly() -> Result<YearlyReminder?, FieldErrors> {
        guard repeatsYearly == "on" else { return .success(nil) }
        let text = (remindDaysBefore ?? "").trimmingCharacters(in: .whitespaces)
        guard text.isEmpty || Int(asciiDigits: text) != nil else {
            return .failure(FieldErrors(["remindDaysBefore": "wishes.error.remindDays"]))
        }
        return YearlyReminder.checked(Int(asciiDigits: text)).map { $0 }
    }

    /// The reach chosen for each address, from the `<reach> <address>` pairs. A pair the
    /// pickers cannot have sent (malformed, or a reach Kinetic does not know) is left out: that
    /// recipient is reached the way that fits them.
    var chosenReaches: [String: String] {
        var chosen: [String: String] = [:]
        for pair in reaches ?? [] {
            let parts = pair.split(separator: " ", maxSplits: 1)
            if parts.count == 2, RecipientReach(rawValue: String(parts[0])) != nil { chosen[String(parts[1])] = String(parts[0]) }
        }
        return chosen
    }

    /// A new wish: Birthday, its subject, the next whole hour on the sender's clock.
    static func new(from: String?, now: Date, timeZone: TimeZone, l: Localizer) -> WishComposeForm {
        let start = WishSendTime.nextWholeHour(after: now, in: timeZone)
        return WishComposeForm(
            occasion: Occasion.default.rawValue, subject: l.t(Occasion.default.defaultSubjectKey), message: "", photo: "",
            recipients: "", sendDate: String(start.prefix(10)), sendTime: String(start.suffix(5)), timeZone: timeZone.identifier,
            from: from)
    }

    /// A scheduled wish, to edit.
    init(_ listing: WishListing) {
        occasion = listing.occasion.rawValue
        subject = listing.subject
        message = listing.message
        photo = listing.photo?.description ?? ""
        recipients = listing.people.joined(separator: ", ")
        sendDate = listing.localSendAt.map { String($0.prefix(10)) }
        sendTime = listing.localSendAt.map { String($0.suffix(5)) }
        reaches = listing.recipients.map { "\($0.reach.rawValue) \($0.address)" }
        connections = listing.postsToConnections ? "on" : nil
        timeZone = listing.timeZone
        from = "scheduled"
    }

    init(
        occasion: String? = nil, subject: String? = nil, message: String? = nil, stockText: String? = nil, photo: String? = nil,
        recipients: String? = nil, sendDate: String? = nil, sendTime: String? = nil, reaches: [String]? = nil,
        connections: String? = nil, timeZone: String? = nil, from: String? = nil
    ) {
        self.occasion = occasion
        self.subject = subject
        self.message = message
        self.stockText = stockText
        self.photo = photo
        self.recipients = recipients
        self.sendDate = sendDate
        self.sendTime = sendTime
        self.reaches = reaches
        self.connections = connections
        self.timeZone = timeZone
        self.from = from
    }

    /// The zone the form's time is in, when it names one Kinetic knows.
    var zone: TimeZone? { timeZone.flatMap(TimeZone.init(identifier:)) }

    /// The hidden fields that carry this form to the next step: everything, with the send
    /// options unless the next step asks for them again (Send Options' own pickers).
    func hiddenFields(carryingSendOptions: Bool = true) -> [HTMLNode] {
        let pairs: [(String, String?)] =
            [
                ("occasion", occasion), ("subject", subject), ("message", message), ("photo", photo), ("recipients", recipients),
                ("sendDate", sendDate), ("sendTime", sendTime), ("timeZone", timeZone), ("from", from),
            ] + (repeatsYearly == "on" ? [("repeatsYearly", repeatsYearly), ("remindDaysBefore", remindDaysBefore)] : [])
            + (anchoredContact == nil ? [] : [("birthdayOf", birthdayOf), ("leapDay", leapDay)])
        return pairs.map { Self.hidden($0.0, $0.1) } + (carryingSendOptions ? sendOptionFields() : [])
    }

    /// The hidden fields of the send options chosen so far (the compose page carries them).
    func sendOptionFields() -> [HTMLNode] {
        (reaches ?? []).map { Self.hidden("reaches[]", $0) } + (connections == nil ? [] : [Self.hidden("connections", connections)])
    }

    private static func hidden(_ name: String, _ value: String?) -> HTMLNode {
        voidEl("input", [Attr("type", "hidden"), Attr("name", name), Attr("value", value ?? "")])
    }
}
