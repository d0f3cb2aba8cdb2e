import Fluent
import Foundation
import KineticCore
import SQLKit
import Vapor

/// One token bucket of the throttle: its key (`account:<email>`, `address:<ip>`, …), how many
/// attempts it holds and how many seconds bring one back.
struct ThrottleBucket: Sendable {
    let key: String
    let capacity: Int
    let refillSeconds: Double
}

/// Rate limits kept in the database (`throttle_buckets`), so every instance that shares a
/// PostgreSQL database counts the same attempts, and a restart forgets nothing.
///
/// Each bucket is one row holding its tokens and when they were counted. Taking tokens is one
/// conditional upsert per bucket — refill for the time passed (``TokenBucket``'s rule, in SQL;
/// `ThrottleAgreementTests` runs both on the same attempts),
/// spend them only if they are there — inside one transaction for all the buckets of an attempt.
/// The database serialises concurrent upserts of a row, so fifty simultaneous guesses cannot all
/// see a full bucket.
struct Throttle {
    let database: Database
    let now: Date

    /// Takes `count` attempts (one by default) from every bucket, or from none: answers nil when
    /// taken, or the seconds until the bucket that refused has them again.
    func take(_ buckets: [ThrottleBucket], count: Int = 1) async throws -> Int? {
        do {
            try await database.writeTransaction { transaction in
                let sql = try transaction.sql()
                try await sql.delete(from: Self.table).where("updated_at", .lessThan, at - Self.forgetAfterSeconds).run()
                for bucket in buckets {
                    if try await spend(count, from: bucket, on: sql) { continue }
                    throw Refused(seconds: try await secondsUntilAvailable(count, in: bucket, on: sql))
                }
            }
            return nil
        } catch let refused as Refused {
            return refused.seconds
        }
    }

    /// Gives one attempt back to each bucket (a correct password), never above its capacity.
    func giveBack(_ buckets: [ThrottleBucket]) async throws {
        let sql = try database.sql()
        for bucket in buckets {
            let refilled = refilled(bucket)
            try await sql.raw(
                """
                UPDATE throttle_buckets
                SET tokens = CASE WHEN \(refilled) + 1 > \(bind: Double(bucket.capacity)) THEN \(bind: Double(bucket.capacity)) ELSE \(refilled) + 1 END,
                    updated_at = \(latest)
                WHERE bucket_key = \(bind: bucket.key)
                """
            ).run()
        }
    }

    /// Rows untouched this long are removed. Every default bucket has refilled by then (the
    /// slowest, sign-up, in an hour); one configured to need longer is forgiven early.
    static let forgetAfterSeconds: Double = 24 * 3600
    static let table = "throttle_buckets"

    private var at: Double { now.timeIntervalSince1970 }

    private func spend(_ count: Int, from bucket: ThrottleBucket, on sql: any SQLDatabase) async throws -> Bool {
        // More than a full bucket is never there: refused without a row for it.
        guard count <= bucket.capacity else { return false }
        let refilled = refilled(bucket)
        let capacity = Double(bucket.capacity), spent = Double(count)
        let rows = try await sql.raw(
            """
            INSERT INTO throttle_buckets (bucket_key, tokens, updated_at) VALUES (\(bind: bucket.key), \(bind: capacity - spent), \(bind: at))
            ON CONFLICT (bucket_key) DO UPDATE
            SET tokens = CASE WHEN \(refilled) > \(bind: capacity) THEN \(bind: capacity) ELSE \(refilled) END - \(bind: spent),
                updated_at = \(latest)
            WHERE \(refilled) >= \(bind: spent)
            RETURNING tokens
            """
        ).all()
        return !rows.isEmpty
    }

    private func secondsUntilAvailable(_ count: Int, in bucket: ThrottleBucket, on sql: any SQLDatabase) async throws -> Int {
        guard
            let row = try await sql.select().columns("tokens", "updated_at").from(Self.table)
                .where("bucket_key", .equal, bucket.key).first()
        else { return 1 }
        let stored = TokenBucket(
            capacity: bucket.capacity, refillPerSecond: 1 / bucket.refillSeconds,
            tokens: try row.decode(column: "tokens", as: Double.self),
            updatedAt: Date(timeIntervalSince1970: try row.decode(column: "updated_at", as: Double.self))
        )
        return max(1, stored.secondsUntilAvailable(count, at: now))
    }

    /// The bucket's tokens refilled up to now, as SQL over the stored row. An instance whose
    /// clock is behind the row's adds nothing (``TokenBucket/refilled(at:)``: time never runs back).
    private func refilled(_ bucket: ThrottleBucket) -> SQLQueryString {
        """
        (throttle_buckets.tokens + CASE WHEN \(bind: at) > throttle_buckets.updated_at \
        THEN (\(bind: at) - throttle_buckets.updated_at) / \(bind: bucket.refillSeconds) ELSE 0 END)
        """
    }

    /// The later of now and the row's time, as SQL: the row's time never moves back.
    private var latest: SQLQueryString {
        "CASE WHEN \(bind: at) > throttle_buckets.updated_at THEN \(bind: at) ELSE throttle_buckets.updated_at END"
    }

    private struct Refused: Error {
        let seconds: Int
    }
}

extension Request {
    /// The throttle at this request's instant, on the request's database.
    var throttle: Throttle { Throttle(database: db, now: now) }
}
