import Fluent
import FluentSQLiteDriver
import Foundation
import KineticCore
import SQLKit

/// Stores step samples and keeps the daily-totals cache in step with them, for one user.
struct StepsRepository {
    let database: Database
    let userID: UUID

    /// About how many samples a recompute reads at a time: the window of days grows or shrinks
    /// with the data's density (a month of a typical export, a week of minute-level samples),
    /// so the working set stays a few megabytes without a query per day.
    static let samplesPerRefreshWindow = 8_000

    /// The columns an insert writes, in the order of each row's values.
    static let insertedColumns = [
        "user_id", "source_name", "source_kind", "start_at", "end_at", "utc_offset", "value", "local_day", "channel", "delivery",
    ]

    /// What makes a stored sample the same sample (the `step_samples_identity` unique index).
    static let identityColumns = ["user_id", "source_name", "start_at", "end_at", "value"]

    /// A sample stored again (the same record in a newer export, the same walk pushed after it
    /// was imported) stays one row: it belongs to the delivery that stored it last unless that
    /// one came by a less trusted channel, and to the most trusted channel it came by.
    static let storedAgain = [
        ("delivery", "CASE WHEN excluded.channel <= step_samples.channel THEN excluded.delivery ELSE step_samples.delivery END"),
        ("channel", "CASE WHEN excluded.channel < step_samples.channel THEN excluded.channel ELSE step_samples.channel END"),
    ]

    /// Rows per INSERT: 10 values each, 10,000 binds, under SQLite's 32,766 and PostgreSQL's 65,535.
    static let rowsPerInsert = 1_000

    /// Stores samples of `delivery` (nil: not one that replaces anything, the demo's); one
    /// already stored is kept as ``storedAgain`` says.
    func insert(_ samples: [StepSample], delivery: Int64?) async throws {
        guard !samples.isEmpty else { return }
        if let sqlite = database as? any SQLiteDatabase { return try await insert(samples, delivery: delivery, into: sqlite) }
        let sql = try database.sql()
        for start in stride(from: 0, to: samples.count, by: Self.rowsPerInsert) {
            var insert = sql.insert(into: StepSampleRecord.schema)
                .columns(Self.insertedColumns)
            for sample in samples[start..<min(samples.count, start + Self.rowsPerInsert)] {
                insert = insert.values(
                    SQLBind(userID), SQLBind(sample.sourceName), SQLBind(sample.kind.rawValue),
                    SQLBind(sample.start), SQLBind(sample.end), SQLBind(sample.utcOffset), SQLBind(sample.value),
                    SQLBind(DailyStepTotals.localDay(sample.start, offset: sample.utcOffset)), SQLBind(sample.channel.rawValue),
                    SQLBind(delivery))
            }
            try await insert.onConflict(with: Self.identityColumns) { update in
                for (column, value) in Self.storedAgain { update.set(SQLColumn(column), to: SQLRaw(value)) }
                return update
            }.run()
        }
    }

    /// What one delivery changed: the days whose totals it recomputed, and the samples of its
    /// source and channel it no longer holds inside its claims (deleted in Health since).
    struct Delivered: Equatable, Sendable {
        var daysUpdated = 0
        var samplesRemoved = 0
        /// Each recomputed day's total before (nil: none) and after (nil: none).
        var changes: [LocalDate: (before: Int?, after: Int?)] = [:]

        static func == (lhs: Delivered, rhs: Delivered) -> Bool {
            lhs.daysUpdated == rhs.daysUpdated && lhs.samplesRemoved == rhs.samplesRemoved
                && lhs.changes.mapValues { [$0.before, $0.after] } == rhs.changes.mapValues { [$0.before, $0.after] }
        }
    }

    /// Stores a whole delivery (a push, the demo): its samples, then what it replaces inside
    /// its claims, the claims, the sources, and the touched days' totals.
    @discardableResult
    func deliver(_ samples: [StepSample], claims: [StepClaim]) async throws -> Delivered {
        let delivery = claims.isEmpty ? nil : Int64.random(in: 1...Int64.max)
        try await insert(samples, delivery: delivery)
        try await StepSourcesRepository(database: database, userID: userID).record(StepSourcesRepository.kinds(of: samples))
        return try await settle(delivery, claims: claims, touched: DailyStepTotals.days(touchedBy: samples))
    }

    /// The end of a delivery whose samples are stored: what it replaces inside `claims` goes,
    /// the claims are kept, and the days it touched (its samples', and those of what went) are
    /// recomputed, each day's total before and after said.
    func settle(_ delivery: Int64?, claims: [StepClaim], touched: ClosedRange<Int>?) async throws -> Delivered {
        var result = Delivered()
        if let delivery { result.samplesRemoved = try await remove(replacedWithin: claims, by: delivery) }
        try await StepClaimsRepository(database: database, userID: userID).record(claims)
        // A claim's edges, a day either way: its own times have no offset of their own.
        let claimed = claims.map { (DailyStepTotals.localDay($0.start, offset: 0) - 1)...(DailyStepTotals.localDay($0.end, offset: 0) + 1) }
        let days = (claimed + [touched].compactMap { $0 }).reduce(nil as ClosedRange<Int>?) { union, range in
            union.map { min($0.lowerBound, range.lowerBound)...max($0.upperBound, range.upperBound) } ?? range
        }
        guard let days else { return result }
        let from = LocalDate(daysSince1970: days.lowerBound), to = LocalDate(daysSince1970: days.upperBound)
        let before = Dictionary(try await dailyTotals(from: from, to: to).map { ($0.date, $0.steps) }) { first, _ in first }
        result.daysUpdated = try await refreshTotals(days: days)
        let after = Dictionary(try await dailyTotals(from: from, to: to).map { ($0.date, $0.steps) }) { first, _ in first }
        for date in Set(before.keys).union(after.keys) where before[date] != after[date] {
            result.changes[date] = (before[date], after[date])
        }
        return result
    }

    /// Deletes the samples of each claim's source and channel starting inside it that
    /// `delivery` did not store (a newer delivery is the truth for its claim); how many went.
    func remove(replacedWithin claims: [StepClaim], by delivery: Int64) async throws -> Int {
        let sql = try database.sql()
        var removed = 0
        for claim in claims {
            let matching: SQLQueryString = """
                user_id = \(bind: userID) AND source_name = \(bind: claim.sourceName) AND channel = \(bind: claim.channel.rawValue) \
                AND start_at >= \(bind: claim.start) AND start_at < \(bind: claim.end) AND (delivery IS NULL OR delivery <> \(bind: delivery))
                """
            let count =
                try await sql.raw("SELECT COUNT(*) AS gone FROM step_samples WHERE \(matching)").first()?
                .decode(column: "gone", as: Int.self) ?? 0
            guard count > 0 else { continue }
            try await sql.raw("DELETE FROM step_samples WHERE \(matching)").run()
            removed += count
        }
        return removed
    }

    /// Stores samples with no claims (the demo's): the days they touch recomputed; how many have steps.
    @discardableResult
    func add(_ samples: [StepSample]) async throws -> Int {
        try await deliver(samples, claims: []).daysUpdated
    }

    /// The stored samples that start on local days `days` (by their own offsets), read as plain
    /// rows: an import recomputes every month it touched, so this is on its hot path.
    func samples(startingOn days: ClosedRange<Int>) async throws -> [StepSample] {
        if let sqlite = database as? any SQLiteDatabase { return try await samples(startingOn: days, from: sqlite) }
        let sql = try database.sql()
        return try await sql.raw(
            """
            SELECT source_name, source_kind, start_at, end_at, utc_offset, value, channel FROM step_samples
            WHERE user_id = \(bind: userID) AND local_day >= \(bind: days.lowerBound) AND local_day <= \(bind: days.upperBound)
            """
        ).all().map { row in
            StepSample(
                sourceName: try row.decode(column: "source_name", as: String.self),
                kind: StepSourceKind(rawValue: try row.decode(column: "source_kind", as: Int.self)) ?? .other,
                start: try row.decode(column: "start_at", as: Double.self), end: try row.decode(column: "end_at", as: Double.self),
                utcOffset: try row.decode(column: "utc_offset", as: Int.self), value: try row.decode(column: "value", as: Double.self),
                channel: StepChannel(rawValue: try row.decode(column: "channel", as: Int.self)) ?? .push
            )
        }
    }

    /// Recomputes the cached totals of `days` from the stored samples, a window of days at a
    /// time so memory stays bounded. Returns how many days now have steps.
    @discardableResult
    func refreshTotals(days: ClosedRange<Int>) async throws -> Int {
        let sql = try database.sql()
        let ranking = try await StepSourcesRepository(database: database, userID: userID).ranking()
        let claims = try await StepClaimsRepository(database: database, userID: userID).all()
        let anyway = try await StepCountedAnywayRepository(database: database, userID: userID).load()
        try await sql.raw(
            """
            DELETE FROM daily_step_totals WHERE user_id = \(bind: userID)
            AND date >= \(bind: LocalDate(daysSince1970: days.lowerBound).description) AND date <= \(bind: LocalDate(daysSince1970: days.upperBound).description)
            """
        ).run()
        var updated = 0
        var pending: [(date: LocalDate, steps: Int)] = []
        var windowStart = days.lowerBound, windowLength = 7
        while windowStart <= days.upperBound {
            let window = windowStart...min(days.upperBound, windowStart + windowLength - 1)
            windowStart = window.upperBound + 1
            // A sample that started the day before may cross into the window.
            let samples = try await samples(startingOn: (window.lowerBound - 1)...window.upperBound)
            // What no person took is set aside (``StepPlausibility``), unless counted anyway.
            let counted = StepPlausibility.totals(samples, claims: claims, ranking: ranking, anyway: anyway)
            let totals = DailyStepTotals.rounded(counted.totals).filter { window.contains($0.key.daysSince1970) }
            pending += totals.map { ($0.key, $0.value) }
            updated += totals.count
            let samplesPerDay = max(1, samples.count / (window.count + 1))
            windowLength = min(31, max(1, Self.samplesPerRefreshWindow / samplesPerDay))
            if pending.count >= Self.totalsPerInsert {
                try await insertTotals(pending, into: sql)
                pending = []
            }
        }
        try await insertTotals(pending, into: sql)
        return updated
    }

    /// Rows per INSERT of daily totals: 4 values each.
    private static let totalsPerInsert = 500

    private func insertTotals(_ totals: [(date: LocalDate, steps: Int)], into sql: SQLDatabase) async throws {
        guard !totals.isEmpty else { return }
        var insert = sql.insert(into: DailyStepTotalRecord.schema).columns("id", "user_id", "date", "steps")
        for (date, steps) in totals {
            insert = insert.values(SQLBind(UUID()), SQLBind(userID), SQLBind(date.description), SQLBind(steps))
        }
        try await insert.run()
    }

    /// The local days the stored samples cover (a sample may cross into the day after the last
    /// start); nil without samples. Two subqueries, because SQLite reads MIN or MAX alone from
    /// the index's ends but scans every row for both together.
    func storedDays() async throws -> ClosedRange<Int>? {
        guard
            let row = try await database.sql().raw(
                """
                SELECT (SELECT MIN(local_day) FROM step_samples WHERE user_id = \(bind: userID)) AS first,
                       (SELECT MAX(local_day) FROM step_samples WHERE user_id = \(bind: userID)) AS last
                """
            ).first()
        else { return nil }
        guard let first = try row.decode(column: "first", as: Int?.self), let last = try row.decode(column: "last", as: Int?.self) else {
            return nil
        }
        return first...(last + 1)
    }

    /// Cached totals from `from` to `to`, both included, oldest first. The Steps page's and the
    /// API's read, on every visit: its two columns are read as they are, not as models (building
    /// a Fluent model reflects over its properties for each row: a third of the request's time).
    func dailyTotals(from: LocalDate, to: LocalDate) async throws -> [(date: LocalDate, steps: Int)] {
        try await database.sql().select().column("date").column("steps").from(DailyStepTotalRecord.schema)
            .where("user_id", .equal, userID)
            .where("date", .greaterThanOrEqual, from.description).where("date", .lessThanOrEqual, to.description)
            .orderBy("date")
            .all()
            .compactMap { row in
                try LocalDate(row.decode(column: "date", as: String.self)).map { ($0, try row.decode(column: "steps", as: Int.self)) }
            }
    }
}
