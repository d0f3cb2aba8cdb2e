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
    /// `yyyy-MM-dd` and `HH:mm` on the sender's clock.
    var sendDate: String?
    var sendTime: String?
    var channels: [String]?
    /// The zone `sendDate` and `sendTime` are in: the sender's for a new wish, the wish's own
    /// when editing (it keeps its zone if the sender's changed since).
    var timeZone: String?
    /// `home` or `scheduled`: where Confirm returns to.
    var from: String?

    /// The chosen stock text in the box when the sender wrote nothing of their own.
    func filled(_ l: Localizer) -> WishComposeForm {
        var form = self
        if (form.message ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
            let key = stockText, Occasion.allCases.contains(where: { $0.stockTextKeys.contains(key) })
        {
            form.message = l.t(key)
        }
        return form
    }

    /// What the draft rules check; `channels` only once the sender reached Send Options.
    func input(withChannels: Bool) -> WishDraftInput {
        let date = (sendDate ?? "").trimmingCharacters(in: .whitespaces), time = (sendTime ?? "").trimmingCharacters(in: .whitespaces)
        return WishDraftInput(
            occasion: occasion, subject: subject, message: message, photo: photo,
            recipients: WishDraft.recipientList(recipients ?? ""),
            sendAt: date.isEmpty && time.isEmpty ? nil : "\(date)T\(time)",
            channels: withChannels ? (channels ?? []) : nil
        )
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
        channels = listing.channels.map(\.rawValue)
        timeZone = listing.timeZone
        from = "scheduled"
    }

    init(
        occasion: String? = nil, subject: String? = nil, message: String? = nil, stockText: String? = nil, photo: String? = nil,
        recipients: String? = nil, sendDate: String? = nil, sendTime: String? = nil, channels: [String]? = nil,
        timeZone: String? = nil, from: String? = nil
    ) {
        self.occasion = occasion
        self.subject = subject
        self.message = message
        self.stockText = stockText
        self.photo = photo
        self.recipients = recipients
        self.sendDate = sendDate
        self.sendTime = sendTime
        self.channels = channels
        self.timeZone = timeZone
        self.from = from
    }

    /// The zone the form's time is in, when it names one Kinetic knows.
    var zone: TimeZone? { timeZone.flatMap(TimeZone.init(identifier:)) }

    /// The hidden fields that carry this form to the next step: everything, with the channels
    /// unless the next step asks for them again (Send Options' own boxes).
    func hiddenFields(carryingChannels: Bool = true) -> [HTMLNode] {
        var pairs: [(String, String?)] = [
            ("occasion", occasion), ("subject", subject), ("message", message), ("photo", photo), ("recipients", recipients),
            ("sendDate", sendDate), ("sendTime", sendTime), ("timeZone", timeZone), ("from", from),
        ]
        if carryingChannels { pairs += (channels ?? []).map { ("channels[]", $0) } }
        return pairs.map { voidEl("input", [Attr("type", "hidden"), Attr("name", $0.0), Attr("value", $0.1 ?? "")]) }
    }
}
