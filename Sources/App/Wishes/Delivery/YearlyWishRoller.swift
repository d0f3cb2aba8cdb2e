import Fluent
import Foundation
import KineticCore

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
    /// How many series or reminders one round looks at.
    var batchSize = 100

    /// Makes the wishes and reminders due at `now`; how many of each.
    @discardableResult
    func roll(now: Date) async throws -> (wishes: Int, reminders: Int) {
        (try await makeNextWishes(now: now), try await remind(now: now))
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
                let people = try await WishesRepository(database: database).recipients(of: id)
                let localizer = Localizer(language: AppLanguage(rawValue: sender.language ?? "") ?? .english, catalog: catalog)
                let zone = TimeZone(identifier: wish.timeZone) ?? .gmt
                let item = InboxWishRecord(
                    of: (
                        id, wish.occasion, localizer.t("wishes.reminder.subject", wish.subject),
                        localizer.t(
                            "wishes.reminder.message", localizer.listJoined(people),
                            localizer.dateTime(wish.sendAt, in: zone) + " (" + localizer.timeZoneName(wish.timeZone) + ")"),
                        wish.photo
                    ), deliveryID: id, recipientID: senderID, senderName: localizer.t("wishes.reminder.from"), senderEmail: "", at: now,
                    kind: .reminder)
                try await database.writeTransaction { database in
                    let filedNow = try await database.sql().insert(into: InboxWishRecord.schema).fluentModel(item)
                        .ignoringConflicts(with: ["delivery_id"]).returning("id").all()
                    guard !filedNow.isEmpty else { return }
                    try await notifier.notify(senderID, of: .wishReminder, on: database) { _ in
                        PushMessage(
                            kind: .wishReminder, title: item.subject, body: item.message,
                            url: SiteURL.wishes(.edit(id: id.uuidString.lowercased())).path,
                            topic: "reminder-" + String(id.uuidString.lowercased().prefix(23)))
                    }
                }
                filed += 1
            }
            try await WishRecord.query(on: database).filter(\.$id == id).set(\.$remindAt, to: nil).update()
        }
        return filed
    }
}
