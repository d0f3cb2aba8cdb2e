import Fluent
import Foundation
import KineticCore
import KineticMail
import SQLKit
import Vapor

/// Keeps yearly wishes going, in each round of the ``WishDispatcher`` on every instance: once a
/// year's wish has had its time, the next year's is made (an ordinary scheduled wish, delivered
/// by the same queue), and the reminders that are due are put in their senders' Inboxes. Both
/// happen once, whichever instance gets there first and however often a round is repeated: a
/// series has one wish per year (`series_id`, `occurrence_year` are unique) and a reminder is an
/// Inbox item whose delivery id is its wish's (unique too).
struct YearlyWishRoller {
    let database: any Database
    /// For the reminders' words, in each sender's language.
    let catalog: StringCatalog
    /// Tells senders' devices a reminder is due.
    var notifier: PushNotifier = .none
    /// E-mails reminders to their senders; nil when this server sends no e-mail.
    var mail: Mail?
    /// Where a reminder that could not be e-mailed is written.
    var logger = Logger(label: "kinetic.wishes")

    /// How reminders are e-mailed: the mail server, Kinetic's address, and where links start.
    struct Mail {
        let transport: MailTransport
        let from: MailAddress
        let publicURL: String
    }
    /// How many series or reminders one round looks at.
    var batchSize = 100

    /// Makes the wishes and reminders due at `now`, and e-mails the reminders waiting to go;
    /// how many wishes and reminders it made.
    @discardableResult
    func roll(now: Date) async throws -> (wishes: Int, reminders: Int) {
        let made = (try await makeNextWishes(now: now), try await remind(now: now))
        try await mailReminders(now: now)
        return made
    }

    private func makeNextWishes(now: Date) async throws -> Int {
        let due = try await WishSeriesRecord.query(on: database).filter(\.$state == .active)
            .group(.or) { $0.filter(\.$nextRollAt == nil).filter(\.$nextRollAt <= now) }
            .limit(batchSize).all()
        var made = 0
        var failure: (any Error)?
        for series in due {
            do {
                if try await makeNextWish(of: series, now: now) { made += 1 }
            } catch {
                failure = failure ?? error
            }
        }
        // One yearly wish that cannot be made holds up no other; the round still says so.
        if let failure { throw failure }
        return made
    }

    /// Makes the first wish of `series` after `now`, unless that year's is there already (made
    /// before, or skipped by its sender); whether it made one. The series is looked at again
    /// once that wish's time has come.
    @discardableResult
    func makeNextWish(of series: WishSeriesRecord, now: Date) async throws -> Bool {
        guard let next = series.occurrences(after: now, count: 1).first else {
            // A zone or time that no longer reads: nothing can be made; it rests until changed.
            try await WishSeriesRecord.query(on: database).filter(\.$id == series.requireID()).set(\.$state, to: .paused).update()
            return false
        }
        let draft = series.draft(at: next, recipients: try await WishSeriesRecipientRecord.recipients(of: series.requireID(), on: database))
        let seriesID = try series.requireID()
        do {
            return try await database.writeTransaction { database in
                // Moves the series on only while it is active, and holds its row until the wish is
                // made: a pause or end waits for this, or this sees it and makes nothing.
                let active = try await database.sql().update(WishSeriesRecord.schema).set("next_roll_at", to: next.instant)
                    .where("id", .equal, seriesID).where("state", .equal, WishSeriesRecord.State.active.rawValue).returning("id").all()
                guard !active.isEmpty else { return false }
                _ = try await WishesRepository.createOccurrence(of: series, at: next, draft: draft, now: now, on: database)
                return true
            }
        } catch let error as DatabaseError where error.isConstraintFailure {
            // That year's wish is there already (another instance, an earlier round, or skipped by its sender).
            try await WishSeriesRecord.query(on: database).filter(\.$id == seriesID).set(\.$nextRollAt, to: next.instant).update()
            return false
        }
    }

    private func remind(now: Date) async throws -> Int {
        let due = try await WishRecord.query(on: database).filter(\.$remindAt <= now).filter(\.$state == .scheduled).limit(batchSize).all()
        var filed = 0
        for wish in due {
            let id = try wish.requireID()
            if let sender = try await User.find(wish.$sender.id, on: database), let senderID = sender.id {
                let localizer = Localizer(language: sender.appLanguage ?? .english, catalog: catalog)
                let reminder = try await WishReminder.of(wish, sender: sender, on: database, localizer: localizer)
                let item = InboxWishRecord(
                    of: (id, wish.occasion, reminder.subject, reminder.message, wish.photo), deliveryID: id, recipientID: senderID,
                    senderName: localizer.t("wishes.reminder.from"), senderEmail: "", at: now, kind: .reminder)
                try await database.writeTransaction { database in
                    let filedNow = try await database.sql().insert(into: InboxWishRecord.schema).fluentModel(item)
                        .ignoringConflicts(with: ["delivery_id"]).returning("id").all()
                    guard !filedNow.isEmpty else { return }
                    if mail != nil, sender.isVerified {
                        try await WishReminderMailRecord(wishID: id, senderID: senderID, at: now).create(on: database)
                    }
                    try await notifier.notify(senderID, of: .wishReminder, on: database) { _ in
                        PushMessage(
                            kind: .wishReminder, title: reminder.subject, body: reminder.paragraphs[0], url: reminder.path,
                            topic: "reminder-" + String(id.uuidString.lowercased().prefix(23)))
                    }
                }
                filed += 1
            }
            try await WishRecord.query(on: database).filter(\.$id == id).set(\.$remindAt, to: nil).update()
        }
        return filed
    }

    /// E-mails the reminders waiting to go, each by the one instance that claims it: a claim
    /// holds ``WishReminderMailRecord/retryAfter``, so a failed try is tried again after it,
    /// until ``WishReminderMailRecord/maximumAttempts``. A reminder whose wish has gone (sent,
    /// deleted) is not e-mailed.
    private func mailReminders(now: Date) async throws {
        guard let mail else { return }
        let waiting = try await WishReminderMailRecord.query(on: database).filter(\.$mailedAt == nil)
            .filter(\.$attempts < WishReminderMailRecord.maximumAttempts)
            .group(.or) { $0.filter(\.$triedAt == nil).filter(\.$triedAt <= now.addingTimeInterval(-WishReminderMailRecord.retryAfter)) }
            .limit(batchSize).all()
        for waiting in waiting {
            let id = try waiting.requireID()
            let claimed = try await database.sql().update(WishReminderMailRecord.schema)
                .set("tried_at", to: now).set("attempts", to: SQLRaw("attempts + 1"))
                .where("id", .equal, id).where("mailed_at", .is, SQLLiteral.null)
                .where(group: {
                    $0.where("tried_at", .is, SQLLiteral.null)
                        .orWhere("tried_at", .lessThanOrEqual, now.addingTimeInterval(-WishReminderMailRecord.retryAfter))
                })
                .returning("id").all()
            guard !claimed.isEmpty else { continue }
            guard let wish = try await WishRecord.find(waiting.wishID, on: database), wish.state == .scheduled,
                let sender = try await User.find(waiting.senderID, on: database), sender.isVerified
            else {
                try await WishReminderMailRecord.query(on: database).filter(\.$id == id).set(
                    \.$attempts, to: WishReminderMailRecord.maximumAttempts
                ).update()
                continue
            }
            let localizer = Localizer(language: sender.appLanguage ?? .english, catalog: catalog)
            let reminder = try await WishReminder.of(wish, sender: sender, on: database, localizer: localizer)
            let message = reminder.mail(
                to: sender.email, from: mail.from, publicURL: mail.publicURL, id: id, now: now, localizer: localizer)
            var reason = "no answer"
            do {
                let outcome = try await mail.transport.send([message]).first?[sender.email]
                if case .accepted? = outcome {
                    try await WishReminderMailRecord.query(on: database).filter(\.$id == id).set(\.$mailedAt, to: now).update()
                    continue
                }
                reason = outcome.map { "\($0)" } ?? reason
            } catch let failure as SMTPFailure {
                reason = failure.description
            }
            logger.notice(
                "A reminder could not be e-mailed; trying again later",
                metadata: ["wish": "\(waiting.wishID)", "attempt": "\(waiting.attempts + 1)", "reason": "\(reason)"])
        }
    }
}
