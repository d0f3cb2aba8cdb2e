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
    static let insertedColumns = ["user_id", "source_name", "source_kind", "start_at", "end_at", "utc_offset", "value", "local_day"]

    /// What makes a stored sample the same sample (the `step_samples_identity` unique index).
    static let identityColumns = ["user_id", "source_name", "start_at", "end_at", "value"]

    /// Rows per INSERT: 8 values each, 8,000 binds, under SQLite's 32,766 and PostgreSQL's 65,535.
    static let rowsPerInsert = 1_000

    /// Stores samples; one already stored (same source, start, end and value) is skipped.
    func insert(_ samples: [StepSample]) async throws {
        guard !samples.isEmpty else { return }
        if let sqlite = database as? any SQLiteDatabase { return try await insert(samples, into: sqlite) }
        let sql = try database.sql()
        for start in stride(from: 0, to: samples.count, by: Self.rowsPerInsert) {
            var insert = sql.insert(into: StepSampleRecord.schema)
                .columns(Self.insertedColumns)
            for sample in samples[start..<min(samples.count, start + Self.rowsPerInsert)] {
                insert = insert.values(
                    SQLBind(userID), SQLBind(sample.sourceName), SQLBind(sample.kind.rawValue),
                    SQLBind(sample.start), SQLBind(sample.end), SQLBind(sample.utcOffset), SQLBind(sample.value),
                    SQLBind(DailyStepTotals.localDay(sample.start, offset: sample.utcOffset)))
            }
            try await insert.ignoringConflicts(with: Self.identityColumns).run()
        }
    }

    /// Stores samples, remembers their sources and recomputes the days they touch (a push, the
    /// demo). Returns how many of those days have steps.
    @discardableResult
    func add(_ samples: [StepSample]) async throws -> Int {
        guard let days = DailyStepTotals.days(touchedBy: samples) else { return 0 }
        try await insert(samples)
        try await StepSourcesRepository(database: database, userID: userID).record(StepSourcesRepository.kinds(of: samples))
        return try await refreshTotals(days: days)
    }

    /// Removes the stored samples of these sources and periods (a pushed period sent again replaces the old one).
    /// A few statements for any number of samples: `(source, start, end) IN (VALUES …)`, which the
    /// identity index answers, at most ``rowsPerDelete`` periods at a time.
    func deleteSamples(matching samples: [StepSample]) async throws {
        guard !samples.isEmpty else { return }
        let sql = try database.sql()
        for start in stride(from: 0, to: samples.count, by: Self.rowsPerDelete) {
            let periods = samples[start..<min(samples.count, start + Self.rowsPerDelete)].map { sample in
                SQLGroupExpression([SQLBind(sample.sourceName), SQLBind(sample.start), SQLBind(sample.end)])
            }
            try await sql.raw(
                """
                DELETE FROM step_samples WHERE user_id = \(bind: userID)
                AND (source_name, start_at, end_at) IN (VALUES \(SQLList(periods)))
                """
            ).run()
        }
    }

    /// Periods per DELETE: 3 binds each, well under SQLite's and PostgreSQL's limits.
    static let rowsPerDelete = 2_000

    /// The stored samples that start on local days `days` (by their own offsets), read as plain
    /// rows: an import recomputes every month it touched, so this is on its hot path.
    func samples(startingOn days: ClosedRange<Int>) async throws -> [StepSample] {
        if let sqlite = database as? any SQLiteDatabase { return try await samples(startingOn: days, from: sqlite) }
        let sql = try database.sql()
        return try await sql.raw(
            """
            SELECT source_name, source_kind, start_at, end_at, utc_offset, value FROM step_samples
            WHERE user_id = \(bind: userID) AND local_day >= \(bind: days.lowerBound) AND local_day <= \(bind: days.upperBound)
            """
        ).all().map { row in
            StepSample(
                sourceName: try row.decode(column: "source_name", as: String.self),
                kind: StepSourceKind(rawValue: try row.decode(column: "source_kind", as: Int.self)) ?? .other,
                start: try row.decode(column: "start_at", as: Double.self), end: try row.decode(column: "end_at", as: Double.self),
                utcOffset: try row.decode(column: "utc_offset", as: Int.self), value: try row.decode(column: "value", as: Double.self)
            )
        }
    }

    /// Recomputes the cached totals of `days` from the stored samples, a window of days at a
    /// time so memory stays bounded. Returns how many days now have steps.
    @discardableResult
    func refreshTotals(days: ClosedRange<Int>) async throws -> Int {
        let sql = try database.sql()
        let ranking = try await StepSourcesRepository(database: database, userID: userID).ranking()
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
            let totals = DailyStepTotals.rounded(DailyStepTotals.compute(samples, ranking: ranking))
                .filter { window.contains($0.key.daysSince1970) }
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
