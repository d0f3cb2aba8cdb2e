import Fluent
import Foundation
import KineticCore
import KineticMail
import SQLKit

/// One round of the delivery scheduler: claims the deliveries that are due (or whose lease ran
/// out) and sends each on its channel, then records the outcome — delivered, another try after
/// a backoff, or failed with the reason. A channel without its settings fails its deliveries
/// with that reason; nothing is dropped silently. Before claiming, it makes the yearly wishes
/// and reminders that are due (``YearlyWishRoller``), so each year's wish goes out in the round
/// its time comes.
struct WishDispatcher {
    /// What sends e-mail, or nil when `KINETIC_SMTP_URL` is not set.
    struct Mail {
        let transport: MailTransport
        let from: MailAddress
        /// Where links in the footer start (`KINETIC_PUBLIC_URL`).
        let publicURL: String
        /// The words of the footer, in the sender's language.
        let catalog: StringCatalog
        /// Where abuse is reported (`KINETIC_ABUSE_ADDRESS`, else the from address).
        var abuseAddress: String?
        /// How many recipients one sender reaches (``SendingLimits``).
        var limits = SendingLimits()
    }

    let database: any Database
    let queue: WishDeliveryQueue
    var policy = DeliveryRetryPolicy()
    var mail: Mail?
    var connections: ConnectionsClient?
    /// Draws the cards and finds the photos e-mails carry; nil sends them without.
    var images: WishImages?
    /// Makes each year's wish of the yearly ones; nil makes none (a test of the queue alone).
    var roller: YearlyWishRoller?
    /// Tells recipients' devices that a wish arrived in their Inbox.
    var notifier: PushNotifier = .none
    /// How long a claim is leased: longer than any one send may take.
    var lease: TimeInterval = 300
    var batchSize = 50
    /// A number in 0..<1 for the retry jitter.
    var random: @Sendable () -> Double = { Double.random(in: 0..<1) }

    /// Claims and sends one batch at `now`; returns how many deliveries it claimed.
    @discardableResult
    func runOnce(now: Date) async throws -> Int {
        // Yearly wishes that cannot be made hold up no delivery: the round goes on, then says so.
        var rollFailure: (any Error)?
        do { try await roller?.roll(now: now) } catch { rollFailure = error }
        let claimed = try await queue.claim(now: now, lease: lease, limit: batchSize)
        guard !claimed.isEmpty else {
            if let rollFailure { throw rollFailure }
            return 0
        }
        let repository = WishesRepository(database: database)
        var wishes: [UUID: WishRecord] = [:]
        for id in Set(claimed.map(\.$wish.id)) { wishes[id] = try await repository.wish(id) }
        var emails: [(WishDeliveryRecord, WishRecord)] = []
        for delivery in claimed {
            guard let wish = wishes[delivery.$wish.id] else { continue }
            if delivery.attempts > policy.maximumAttempts {
                try await queue.failed(try delivery.requireID(), reason: delivery.lastError ?? DeliveryFailure.gaveUp.rawValue, now: now)
                continue
            }
            switch delivery.channel {
            case .inApp:
                _ = try await InAppDelivery(database: database, queue: queue, notifier: notifier).deliver(delivery, of: wish, now: now)
            case .connections: try await post(delivery, of: wish, now: now)
            case .email: emails.append((delivery, wish))
            }
        }
        try await send(emails, now: now)
        if let rollFailure { throw rollFailure }
        return claimed.count
    }

    private func post(_ delivery: WishDeliveryRecord, of wish: WishRecord, now: Date) async throws {
        let deliveryID = try delivery.requireID()
        guard let connections else {
            try await queue.failed(deliveryID, reason: DeliveryFailure.connectionsUnavailable.rawValue, now: now)
            return
        }
        guard let sender = try await User.find(wish.$sender.id, on: database), sender.isVerified else {
            try await queue.failed(deliveryID, reason: DeliveryFailure.senderUnconfirmed.rawValue, now: now)
            return
        }
        let content = ConnectionsPost.content(senderName: sender.name, subject: wish.subject, message: wish.message)
        switch await connections.post(content, idempotencyKey: deliveryID.uuidString.lowercased()) {
        case .posted(let id): try await queue.delivered(deliveryID, externalID: id, now: now)
        case .temporaryFailure(let detail):
            try await failedTry(delivery, reason: DeliveryFailure.connectionsLater.rawValue, detail: detail, permanent: false, now: now)
        case .permanentFailure(let reason): try await failedTry(delivery, reason: reason, permanent: true, now: now)
        }
    }

    private func send(_ emails: [(WishDeliveryRecord, WishRecord)], now: Date) async throws {
        guard !emails.isEmpty else { return }
        guard let mail else {
            for (delivery, _) in emails {
                try await queue.failed(try delivery.requireID(), reason: DeliveryFailure.emailUnavailable.rawValue, now: now)
            }
            return
        }
        var messages: [MailMessage] = []
        var sending: [(WishDeliveryRecord, WishRecord)] = []
        var sentBy: [UUID: [Double]] = [:]
        var waitingBy: [UUID: Int] = [:]
        let recipients = MailRecipients(database: database)
        for (delivery, wish) in emails {
            let deliveryID = try delivery.requireID()
            let senderID = wish.$sender.id
            guard let sender = try await User.find(senderID, on: database), sender.isVerified else {
                try await queue.failed(deliveryID, reason: DeliveryFailure.senderUnconfirmed.rawValue, now: now)
                continue
            }
            let address = delivery.recipient ?? ""
            if try await recipients.hasOptedOut(address) {
                try await queue.failed(deliveryID, reason: DeliveryFailure.optedOut.rawValue, now: now)
                continue
            }
            // Over the sender's limits, it waits for room; it never fails for it.
            if sentBy[senderID] == nil { sentBy[senderID] = try await deliveredEmails(of: senderID, now: now) }
            if let reached = mail.limits.check(
                adding: 1, at: now.timeIntervalSince1970, others: sentBy[senderID] ?? [],
                createdAt: sender.createdAt?.timeIntervalSince1970)
            {
                // Spread over the window as the limit allows, so a backlog never comes due at once.
                let waiting = waitingBy[senderID, default: 0]
                waitingBy[senderID] = waiting + 1
                let start = reached.freesAt ?? now.timeIntervalSince1970 + SendingLimits.hour
                let at = start + Double(waiting) * reached.window / Double(max(1, reached.limit))
                try await queue.wait(deliveryID, until: Date(timeIntervalSince1970: at), because: .limitWait)
                continue
            }
            sentBy[senderID, default: []].append(now.timeIntervalSince1970)
            let image = try await images?.inlineImage(for: wish.wishPhoto, on: database)
            let footer = WishMail.Footer(
                publicURL: mail.publicURL,
                optOutURL: mail.publicURL + SiteURL.mailOptOut(token: try await recipients.optOutToken(for: address, now: now)).path,
                abuseAddress: mail.abuseAddress ?? mail.from.address
            )
            let localizer = Localizer(language: sender.appLanguage ?? .english, catalog: mail.catalog)
            messages.append(
                WishMail.message(
                    for: delivery, of: wish, sender: WishMail.Sender(name: sender.name, email: sender.email), from: mail.from, image: image,
                    footer: footer, localizer: localizer, now: now
                ))
            sending.append((delivery, wish))
        }
        guard !messages.isEmpty else { return }
        let emails = sending
        do {
            let outcomes = try await mail.transport.send(messages)
            for ((delivery, _), outcome) in zip(emails, outcomes) {
                switch outcome[delivery.recipient ?? ""] {
                case .accepted:
                    try await queue.delivered(
                        try delivery.requireID(), externalID: "<\(WishMail.messageID(of: delivery, from: mail.from))>", now: now)
                case .temporaryFailure(let detail):
                    try await failedTry(
                        delivery, reason: DeliveryFailure.recipientServerLater.rawValue, detail: detail, permanent: false, now: now)
                case .permanentFailure(let reason): try await failedTry(delivery, reason: reason, permanent: true, now: now)
                case nil: try await failedTry(delivery, reason: DeliveryFailure.noReply.rawValue, permanent: false, now: now)
                }
            }
        } catch let failure as SMTPFailure {
            for (delivery, _) in emails {
                try await failedTry(
                    delivery, reason: DeliveryFailure(failure).rawValue, detail: failure.description, permanent: !failure.isTemporary,
                    now: now)
            }
        }
    }

    /// When the sender's e-mails delivered in the last day went (seconds since 1970), and, as
    /// going now, those another instance is sending.
    private func deliveredEmails(of senderID: UUID, now: Date) async throws -> [Double] {
        return try await database.sql().raw(
            """
            SELECT CASE WHEN d.state = \(bind: DeliveryState.delivered.rawValue) THEN d.finished_at ELSE \(bind: now) END AS sent_at
            FROM wish_deliveries d JOIN wishes w ON w.id = d.wish_id
            WHERE w.sender_id = \(bind: senderID) AND d.channel = \(bind: WishChannel.email.rawValue)
              AND ((d.state = \(bind: DeliveryState.delivered.rawValue) AND d.finished_at > \(bind: now.addingTimeInterval(-SendingLimits.day)))
                   OR (d.state = \(bind: DeliveryState.sending.rawValue) AND d.lease_owner <> \(bind: queue.owner)))
            """
        ).all().map { try $0.decode(column: "sent_at", as: Date.self).timeIntervalSince1970 }
    }

    /// A try that failed: tried again after the policy's backoff, or given up. `reason` is what
    /// its sender reads; `detail`, what the log says (a library's or a server's own words).
    private func failedTry(_ delivery: WishDeliveryRecord, reason: String, detail: String? = nil, permanent: Bool, now: Date) async throws {
        switch policy.step(afterAttempt: delivery.attempts, permanent: permanent, now: now, random: random()) {
        case .retry(let at):
            queue.logger.notice(
                "A wish's delivery failed; trying again",
                metadata: [
                    "delivery": "\(delivery.id?.uuidString ?? "")", "wish": "\(delivery.$wish.id)",
                    "channel": "\(delivery.channel.rawValue)",
                    "reason": "\(detail ?? reason)", "retry_at": "\(at.formatted(.iso8601))",
                ])
            try await queue.retry(try delivery.requireID(), at: at, reason: reason)
        case .giveUp: try await queue.failed(try delivery.requireID(), reason: reason, detail: detail, now: now)
        }
    }
}

extension DeliveryFailure {
    /// What a sender reads when the mail server could not take a message: in plain words, the
    /// library's own (its host, port and errno) left to the log.
    init(_ failure: SMTPFailure) {
        switch failure {
        case .connection, .timedOut, .malformedReply: self = .mailServerUnreachable
        case .refused: self = .mailServerRefused
        case .startTLSUnavailable, .authenticationRefused: self = .mailServerSettings
        }
    }
}
