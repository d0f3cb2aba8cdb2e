import Fluent
import Foundation
import KineticCore
import SQLKit

/// The `jobs` table as every instance uses it: jobs go in (``enqueue(_:owner:payload:at:maximumAttempts:now:)``),
/// are claimed one at a time by whichever instance is free (``claim(now:lease:kinds:)``), and end
/// completed or failed, while leases that ran out are rescued and finished jobs pruned.
///
/// A claim is one `UPDATE … RETURNING` over a sub-select that PostgreSQL runs `FOR UPDATE SKIP
/// LOCKED`, so two instances never take the same job (SQLite has one writer at a time, which
/// serialises claims the same way). It is fair by owner: it skips owners with a job executing,
/// and takes the job whose owner's last try is oldest, so one user's twelve uploads take turns
/// with everyone else's. It takes only the kinds this instance runs (during a rolling upgrade,
/// an older instance leaves a newer kind to the newer ones). Every change after the claim is
/// made only while this instance still holds that try's lease.
struct JobQueue: Sendable {
    let database: any Database
    /// This instance's name on the leases it takes.
    let instance: String

    /// The channel PostgreSQL's `NOTIFY` wakes workers on when a job goes in.
    static let channel = "kinetic_jobs"

    /// The states a claim takes, as SQL (``JobState/claimable``).
    static let claimableSQL = SQLRaw(JobState.claimable.map { "'\($0.rawValue)'" }.joined(separator: ", "))

    /// Puts a job in, as `id`: `kind`'s handler runs it for `owner` at `at` (at once when nil or past).
    @discardableResult
    func enqueue(
        _ kind: String, owner: String, payload: some Encodable, at: Date? = nil, maximumAttempts: Int = 3, id: UUID = UUID(), now: Date
    ) async throws -> JobRecord {
        try await enqueue(kind, owner: owner, json: try Self.json(payload), at: at, maximumAttempts: maximumAttempts, id: id, now: now)
    }

    /// Puts a job in whose payload is JSON already (``JobClient``'s).
    @discardableResult
    func enqueue(
        _ kind: String, owner: String, json payload: String, at: Date? = nil, maximumAttempts: Int = 3, id: UUID = UUID(), now: Date
    ) async throws -> JobRecord {
        let job = JobRecord()
        job.id = id
        job.kind = kind
        job.owner = owner
        job.payload = payload
        job.attempt = 0
        job.maxAttempts = maximumAttempts
        job.scheduledAt = max(at ?? now, now)
        job.state = job.scheduledAt > now ? .scheduled : .available
        job.insertedAt = now
        try await job.create(on: database)
        try await notify()
        return job
    }

    /// Wakes the workers of every instance (PostgreSQL); on SQLite the one instance's own
    /// workers are woken by ``JobWorkers``.
    func notify() async throws {
        let sql = try database.sql()
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("NOTIFY \(unsafeRaw: Self.channel)").run()
    }

    /// Takes the next due job of one of `kinds` (any kind when nil), fairly by owner, leasing it
    /// for `lease` seconds and counting a try; nil when there is none.
    func claim(now: Date, lease: TimeInterval, kinds: [String]? = nil) async throws -> JobRecord? {
        let sql = try database.sql()
        let lock: SQLQueryString = sql.dialect.name == "postgresql" ? "FOR UPDATE SKIP LOCKED" : ""
        let ofKinds: SQLQueryString = kinds.map { "AND j.kind IN (\(binds: $0.isEmpty ? [""] : $0))" } ?? ""
        // Another instance may start this owner's other job in the same instant (the unique
        // index refuses the second claim): then the next due job is looked for at once.
        for _ in 0..<3 {
            do {
                return try await sql.raw(
                    """
                    UPDATE jobs
                    SET state = 'executing', attempt = attempt + 1, attempted_at = \(bind: now), attempted_by = \(bind: instance),
                        lease_until = \(bind: now.addingTimeInterval(lease))
                    WHERE id IN (
                        SELECT j.id FROM jobs j
                        WHERE j.state IN (\(Self.claimableSQL)) AND j.scheduled_at <= \(bind: now) \(ofKinds)
                          AND NOT EXISTS (SELECT 1 FROM jobs e WHERE e.owner = j.owner AND e.state = 'executing')
                        ORDER BY (SELECT MAX(t.attempted_at) FROM jobs t WHERE t.owner = j.owner) NULLS FIRST, j.scheduled_at, j.inserted_at
                        LIMIT 1 \(lock)
                    )
                    RETURNING *
                    """
                ).first().map { try $0.decode(fluentModel: JobRecord.self) }
            } catch let error as any DatabaseError where error.isConstraintFailure {
                continue
            }
        }
        return nil
    }

    /// Keeps the lease of `job` (this instance's try of it) for `lease` more seconds; false when
    /// it no longer holds it (it was rescued after a stall, and another try may be running).
    func extendLease(_ job: JobRecord, now: Date, lease: TimeInterval) async throws -> Bool {
        try await change(job) { $0.set("lease_until", to: now.addingTimeInterval(lease)) }
    }

    /// Marks `job` done with `result`.
    @discardableResult
    func complete(_ job: JobRecord, result: some Encodable, now: Date) async throws -> Bool {
        let text = try Self.json(result)
        return try await change(job, ending: true) {
            $0.set("state", to: JobState.completed.rawValue).set("result", to: text).set("finished_at", to: now)
                .set("failure", to: SQLLiteral.null)
        }
    }

    /// Records a failed try: tried again after ``JobRetry/delay(afterAttempt:)`` (or `retryAfter`
    /// seconds, when the failure said so and that is longer) while it has tries left and the
    /// failure is not `permanent`, discarded otherwise.
    @discardableResult
    func fail(
        _ job: JobRecord, because failure: JobFailure, permanent: Bool, now: Date, retryAfter: TimeInterval? = nil
    ) async throws
        -> Bool
    {
        let text = try Self.json(failure)
        let next = JobRetry.stateAfterFailure(attempt: job.attempt, maximumAttempts: job.maxAttempts, permanent: permanent)
        return try await change(job, ending: true) {
            let failed = $0.set("state", to: next.rawValue).set("failure", to: text)
            return next == .discarded
                ? failed.set("finished_at", to: now)
                : failed.set("scheduled_at", to: now.addingTimeInterval(max(JobRetry.delay(afterAttempt: job.attempt), retryAfter ?? 0)))
        }
    }

    /// Gives back `job`, which this instance started but will not finish (it is stopping):
    /// available again at once, its try not counted.
    @discardableResult
    func release(_ job: JobRecord, now: Date) async throws -> Bool {
        try await change(job, ending: true) {
            $0.set("state", to: JobState.available.rawValue).set("scheduled_at", to: now).set("attempt", to: SQLRaw("attempt - 1"))
        }
    }

    /// Takes back jobs whose instance stopped holding them (it died, or stalled past its
    /// lease): retryable at once when they have tries left, discarded otherwise. Returns how many.
    @discardableResult
    func rescue(now: Date) async throws -> Int {
        let failure = try Self.json(
            JobFailure(AppError(status: .serviceUnavailable, code: "job_interrupted", messageKey: "error.job.interrupted")))
        return try await database.sql().raw(
            """
            UPDATE jobs
            SET state = CASE WHEN attempt >= max_attempts THEN 'discarded' ELSE 'retryable' END,
                finished_at = CASE WHEN attempt >= max_attempts THEN \(bind: now) ELSE NULL END,
                scheduled_at = \(bind: now), failure = \(bind: failure), lease_until = NULL
            WHERE state = 'executing' AND lease_until < \(bind: now)
            RETURNING id
            """
        ).all().count
    }

    /// Marks scheduled jobs whose time has come available (what the figures say; claims take
    /// both alike).
    @discardableResult
    func stage(now: Date) async throws -> Int {
        try await database.sql().update(JobRecord.schema).set("state", to: JobState.available.rawValue)
            .where("state", .equal, JobState.scheduled.rawValue).where("scheduled_at", .lessThanOrEqual, now)
            .returning("id").all().count
    }

    /// Deletes finished jobs older than `age` seconds; returns how many.
    @discardableResult
    func prune(olderThan age: TimeInterval, now: Date) async throws -> Int {
        try await database.sql().delete(from: JobRecord.schema)
            .where("state", .in, [JobState.completed.rawValue, JobState.discarded.rawValue])
            .where("finished_at", .lessThan, now.addingTimeInterval(-age))
            .returning("id").all().count
    }

    /// Changes `job` while this instance holds the lease of that try of it (a later try, even
    /// this instance's own, is another); `ending` lets go of the lease.
    private func change(_ job: JobRecord, ending: Bool = false, _ set: (SQLUpdateBuilder) -> SQLUpdateBuilder) async throws -> Bool {
        var builder = try database.sql().update(JobRecord.schema)
            .where("id", .equal, try job.requireID()).where("attempted_by", .equal, instance).where("attempt", .equal, job.attempt)
            .where("state", .equal, JobState.executing.rawValue)
        if ending { builder = builder.set("lease_until", to: SQLLiteral.null) }
        return try await !set(builder).returning("id").all().isEmpty
    }

    /// `value` as the JSON text the table keeps.
    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }
}

extension JobRecord {
    /// Why its last try failed (``JobFailure``); nil when it has not failed.
    var decodedFailure: JobFailure? {
        failure.flatMap { try? JSONDecoder().decode(JobFailure.self, from: Data($0.utf8)) }
    }

    /// What it gave back, decoded as `type`; nil before it completed.
    func decodedResult<Result: Decodable>(as type: Result.Type) -> Result? {
        result.flatMap { try? JSONDecoder().decode(type, from: Data($0.utf8)) }
    }
}
