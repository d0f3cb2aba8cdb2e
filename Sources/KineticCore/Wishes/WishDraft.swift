import Foundation

/// What a sender typed or picked for a wish, unchecked: the fields of the compose form or of
/// `POST /api/v1/wishes`.
public struct WishDraftInput: Equatable, Sendable {
    public var occasion: String?
    public var subject: String?
    public var message: String?
    /// `stock:<id>`, `upload:<uuid>`, or nothing for a wish without a photo.
    public var photo: String?
    public var recipients: [String]
    /// `yyyy-MM-ddTHH:mm` on the sender's clock.
    public var sendAt: String?
    /// How the sender chose to reach some of the recipients: a ``RecipientReach`` name by
    /// address. A recipient without one is reached the way that fits them.
    public var reaches: [String: String]
    /// Whether the wish is also posted on the sender's Connections board.
    public var postsToConnections: Bool
    /// Channel names, as API clients from before ``reaches`` sent them: e-mail and in-app mean
    /// that reach for every recipient without their own, Connections means the post.
    public var channels: [String]?
    /// Whether it repeats every year on its day, at its time (``YearlyRecurrence``), and how many
    /// days before each year's wish its sender is reminded (``YearlyReminder``).
    public var repeatsYearly = false
    public var remindDaysBefore: Int?
    /// A yearly wish on a contact's birthday instead of on the day of `sendAt`.
    public var onBirthdayOf: BirthdayChoice?

    public init(
        occasion: String? = nil, subject: String? = nil, message: String? = nil, photo: String? = nil, recipients: [String] = [],
        sendAt: String? = nil, reaches: [String: String] = [:], postsToConnections: Bool = false, channels: [String]? = nil
    ) {
        self.occasion = occasion
        self.subject = subject
        self.message = message
        self.photo = photo
        self.recipients = recipients
        self.sendAt = sendAt
        self.reaches = reaches
        self.postsToConnections = postsToConnections
        self.channels = channels
    }
}

/// A checked wish, ready to schedule.
public struct WishDraft: Equatable, Sendable {
    public let occasion: Occasion
    public let subject: String
    public let message: String
    public let photo: WishPhoto?
    /// E-mail addresses, normalized, each once, in the order given.
    public let recipients: [String]
    public let sendTime: WishSendTime
    /// How recipients are reached, by address: those the sender chose until
    /// ``settlingReaches(confirmedAccounts:)``, then every recipient.
    public private(set) var reaches: [String: RecipientReach]
    /// Whether it is also posted on the sender's Connections board (one post naming them all).
    public let postsToConnections: Bool
    /// For the first of a yearly wish on a contact's birthday: that birthday, which each year's
    /// wish goes on (the send time is then its first).
    public var birthdayAnchor: BirthdayAnchor?

    public init(
        occasion: Occasion, subject: String, message: String, photo: WishPhoto?, recipients: [String], sendTime: WishSendTime,
        reaches: [String: RecipientReach], postsToConnections: Bool
    ) {
        self.occasion = occasion
        self.subject = subject
        self.message = message
        self.photo = photo
        self.recipients = recipients
        self.sendTime = sendTime
        self.reaches = reaches
        self.postsToConnections = postsToConnections
    }

    public static let maximumSubjectLength = 150
    public static let maximumMessageLength = 2_000
    public static let maximumRecipients = 20
    /// How far in the past a send time may be and still mean "now": the minute the sender
    /// picked may have begun before they pressed Confirm.
    public static let pastTolerance: TimeInterval = 120

    /// Checks every field and reports all failures at once, keyed by field name. A time in the
    /// past (beyond ``pastTolerance``) is refused. A reach for an address that is not among the
    /// recipients is dropped (the sender took them off the list); an unknown one is refused.
    public static func validate(_ input: WishDraftInput, timeZone: TimeZone, now: Date) -> Result<WishDraft, FieldErrors> {
        var errors = FieldErrors()
        let occasion = input.occasion.flatMap { Occasion(rawValue: $0) }
        if occasion == nil { errors.add("occasion", "wishes.error.occasion") }
        let subject = collapsed(input.subject ?? "")
        if subject.isEmpty { errors.add("subject", "wishes.error.subject.empty") }
        if subject.count > maximumSubjectLength { errors.add("subject", "wishes.error.subject.long") }
        let message = (input.message ?? "").replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        if message.isEmpty { errors.add("message", "wishes.error.message.empty") }
        if message.count > maximumMessageLength { errors.add("message", "wishes.error.message.long") }
        var photo: WishPhoto?
        if let text = input.photo?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            photo = WishPhoto(text)
            if photo == nil { errors.add("photo", "wishes.error.photo") }
        }
        let recipients = checkedRecipients(input.recipients, errors: &errors)
        let sendTime = input.sendAt.flatMap { WishSendTime(localDateTime: $0.trimmingCharacters(in: .whitespaces), timeZone: timeZone) }
        if sendTime == nil {
            errors.add("sendAt", (input.sendAt ?? "").isEmpty ? "wishes.error.sendAt.empty" : "wishes.error.sendAt.invalid")
        } else if sendTime!.instant < now.addingTimeInterval(-pastTolerance) {
            errors.add("sendAt", "wishes.error.sendAt.past")
        }
        var reaches: [String: RecipientReach] = [:]
        var postsToConnections = input.postsToConnections
        if let names = input.channels {
            let known = Set(names.compactMap { WishChannel(rawValue: $0) })
            if known.count != Set(names).count { errors.add("channels", "wishes.error.channels.unknown") }
            if let reach = RecipientReach.implied(byChannels: known) {
                for address in recipients { reaches[address] = reach }
            } else if known.contains(.connections) {
                // Connections alone reached nobody but the board; now each recipient is reached too.
                errors.add("channels", "wishes.error.channels.connectionsOnly")
            }
            postsToConnections = postsToConnections || known.contains(.connections)
        }
        for (text, name) in input.reaches.sorted(by: { $0.key < $1.key }) {
            guard let address = mailSafeAddress(text), recipients.contains(address) else { continue }
            guard let reach = RecipientReach(rawValue: name) else {
                errors.add("reach", "wishes.error.reach.unknown")
                continue
            }
            reaches[address] = reach
        }
        guard errors.isEmpty, let occasion, let sendTime else { return .failure(errors) }
        return .success(
            WishDraft(
                occasion: occasion, subject: subject, message: message, photo: photo, recipients: recipients, sendTime: sendTime,
                reaches: reaches, postsToConnections: postsToConnections))
    }

    /// The draft with the reaches of `preferred` (a contact's way to reach them) for the
    /// recipients the sender chose none for; the sender's own choice for this wish wins.
    public func preferring(_ preferred: [String: RecipientReach]) -> WishDraft {
        var chosen = self
        for address in recipients where chosen.reaches[address] == nil {
            if let reach = preferred[address] { chosen.reaches[address] = reach }
        }
        return chosen
    }

    /// The draft with every recipient's reach settled: the sender's choice, else
    /// ``RecipientReach/automatic(hasConfirmedAccount:senderCanEmail:)`` by whether the address
    /// is among `confirmedAccounts` (the addresses Kinetic accounts confirmed).
    public func settlingReaches(confirmedAccounts: Set<String>, senderCanEmail: Bool) -> WishDraft {
        var settled = self
        for address in recipients where settled.reaches[address] == nil {
            settled.reaches[address] = .automatic(
                hasConfirmedAccount: confirmedAccounts.contains(address), senderCanEmail: senderCanEmail)
        }
        return settled
    }

    /// The recipients in order, each with their reach (in-app, which sends nothing outside
    /// Kinetic, for one not settled yet).
    public var addressees: [WishRecipient] {
        recipients.map { WishRecipient(address: $0, reach: reaches[$0] ?? .inApp) }
    }

    /// Every channel the wish goes out on, in ``WishChannel`` order.
    public var channels: [WishChannel] {
        WishChannel.channels(of: addressees, postsToConnections: postsToConnections)
    }

    /// Splits text typed into one field ("ann@example.com, bob@example.com") into addresses.
    public static func recipientList(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isNewline || $0 == " " }).map(String.init)
    }

    private static func checkedRecipients(_ given: [String], errors: inout FieldErrors) -> [String] {
        var addresses: [String] = []
        for text in given.map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) }) where !text.isEmpty {
            guard let address = mailSafeAddress(text) else {
                errors.add("recipients", "wishes.error.recipients.invalid")
                continue
            }
            if !addresses.contains(address) { addresses.append(address) }
        }
        if addresses.isEmpty { errors.add("recipients", "wishes.error.recipients.empty") }
        if addresses.count > maximumRecipients { errors.add("recipients", "wishes.error.recipients.many") }
        return addresses
    }

    /// `text` as a normalized e-mail address that can go into `RCPT TO:<…>` and `To:` as it
    /// is, or nil: ``EmailAddressSyntax`` allows only ASCII letters, digits and symbols that mean
    /// nothing in a header or an SMTP command, and no IP literal or bare host.
    public static func mailSafeAddress(_ text: String) -> String? {
        EmailAddressSyntax.normalized(text)
    }

    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
