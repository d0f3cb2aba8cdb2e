import Fluent
import Foundation
import KineticCore
import SQLKit
import Vapor

/// The deliveries waiting to go out, claimed by one server instance at a time.
///
/// A claim takes due deliveries (and those whose lease ran out: their sender died mid-send)
/// and leases them to ``owner`` in one statement — `UPDATE … RETURNING` over a sub-select that
/// PostgreSQL runs `FOR UPDATE SKIP LOCKED`, so two instances never claim the same row; SQLite
/// has one writer at a time, which serializes claims the same way. Every later change to a
/// delivery is made only while this owner still holds its lease.
struct WishDeliveryQueue {
    let database: any Database
    /// This server instance's name for its leases.
    let owner: String
    /// Tells a sender's devices when a wish of theirs fails for good.
    var notifier: PushNotifier = .none
    /// Where every failure for good is written, with its wish, recipient and reason.
    var logger = Logger(label: "kinetic.wishes")

    /// Leases up to `limit` deliveries due at `now` for `lease` seconds, counting a try for each,
    /// and moves their wishes from Scheduled to Sent.
    func claim(now: Date, lease: TimeInterval, limit: Int) async throws -> [WishDeliveryRecord] {
        let leaseUntil = now.addingTimeInterval(lease)
        return try await database.writeTransaction { database in
            let sql = try database.sql()
            let lock: SQLQueryString = sql.dialect.name == "postgresql" ? "FOR UPDATE SKIP LOCKED" : ""
            let claimed = try await sql.raw(
                """
                UPDATE wish_deliveries
                SET state = 'sending', lease_owner = \(bind: owner), lease_until = \(bind: leaseUntil), attempts = attempts + 1
                WHERE id IN (
                    SELECT id FROM wish_deliveries
                    WHERE (state = 'pending' AND due_at <= \(bind: now)) OR (state = 'sending' AND lease_until < \(bind: now))
                    ORDER BY due_at LIMIT \(bind: limit) \(lock)
                )
                RETURNING *
                """
            ).all().map { try $0.decode(fluentModel: WishDeliveryRecord.self) }
            let wishes = Array(Set(claimed.map(\.$wish.id)))
            if !wishes.isEmpty {
                try await WishRecord.query(on: database).set(\.$state, to: .sent).set(\.$dispatchedAt, to: now)
                    .filter(\.$id ~~ wishes).filter(\.$state == .scheduled).update()
            }
            return claimed
        }
    }

    /// Marks a delivery delivered; false when this owner no longer holds its lease.
    @discardableResult
    func delivered(_ id: UUID, externalID: String?, now: Date, on database: (any Database)? = nil) async throws -> Bool {
        try await finish(id, on: database ?? self.database) {
            $0
                .set("state", to: DeliveryState.delivered.rawValue).set("finished_at", to: now)
                .set("external_id", to: externalID).set("last_error", to: SQLLiteral.null)
        }
    }

    /// Marks a delivery failed for good, with the reason shown to its sender, logs it (with
    /// `detail`, the words of the library or server behind it), and tells the sender's devices
    /// (``notifier``) in the same transaction.
    @discardableResult
    func failed(_ id: UUID, reason: String, detail: String? = nil, now: Date) async throws -> Bool {
        try await database.writeTransaction { database in
            let failed = try await finish(id, on: database) {
                $0
                    .set("state", to: DeliveryState.failed.rawValue).set("finished_at", to: now).set("last_error", to: reason)
            }
            if failed { try await reportFailure(of: id, reason: reason, detail: detail, on: database) }
            return failed
        }
    }

    /// Logs that delivery `id` could not reach its recipient, and tells its sender.
    private func reportFailure(of id: UUID, reason: String, detail: String?, on database: any Database) async throws {
        guard let delivery = try await WishDeliveryRecord.find(id, on: database),
            let wish = try await WishRecord.find(delivery.$wish.id, on: database), let wishID = wish.id
        else { return }
        let recipient = delivery.recipient ?? ""
        logger.warning(
            "A wish could not be delivered",
            metadata: [
                "wish": "\(wishID)", "delivery": "\(id)", "channel": "\(delivery.channel.rawValue)", "recipient": "\(recipient)",
                "reason": "\(reason)", "detail": "\(detail ?? reason)",
            ])
        try await notifier.notify(wish.$sender.id, of: .wishFailed, on: database) { l in
            PushMessage(
                kind: .wishFailed, title: l.t("notifications.wishFailed.title"),
                body: l.t("notifications.wishFailed.body", wish.subject, recipient),
                url: SiteURL.wishes(.wish(id: wishID.uuidString.lowercased())).path,
                topic: "failed-" + String(id.uuidString.lowercased().prefix(24)))
        }
    }

    /// Puts a delivery back in the queue, due at `at`, remembering why the last try failed.
    @discardableResult
    func retry(_ id: UUID, at: Date, reason: String) async throws -> Bool {
        try await finish(id, on: database) {
            $0
                .set("state", to: DeliveryState.pending.rawValue).set("due_at", to: at).set("last_error", to: reason)
        }
    }

    /// Puts a delivery back to wait, due at `at`, saying why: an in-app one for the owner of
    /// its address (a confirmation wakes it sooner), an e-mail for room under its sender's
    /// limits. Waiting is not a failed try: the claim's count is taken back.
    @discardableResult
    func wait(_ id: UUID, until at: Date, because reason: DeliveryFailure) async throws -> Bool {
        try await finish(id, on: database) {
            $0
                .set("state", to: DeliveryState.pending.rawValue).set("due_at", to: at)
                .set("last_error", to: reason.rawValue).set("attempts", to: SQLRaw("attempts - 1"))
        }
    }

    private func finish(_ id: UUID, on database: any Database, _ change: (SQLUpdateBuilder) -> SQLUpdateBuilder) async throws -> Bool {
        let sql = try database.sql()
        let builder = sql.update(WishDeliveryRecord.schema)
            .set("lease_owner", to: SQLLiteral.null).set("lease_until", to: SQLLiteral.null)
            .where("id", .equal, id).where("lease_owner", .equal, owner).where("state", .equal, DeliveryState.sending.rawValue)
        let rows = try await change(builder).returning("id").all()
        return !rows.isEmpty
    }
}
