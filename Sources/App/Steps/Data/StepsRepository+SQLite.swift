import FluentSQLiteDriver
import KineticCore
import NIOConcurrencyHelpers

/// SQLite paths for an import's hot loops: values are bound as `SQLiteData` directly and rows
/// read by column, skipping SQLKit's serializer and the Codable coders, which cost more per
/// sample than SQLite itself. Same statements as the portable paths in `StepsRepository`.
extension StepsRepository {
    /// Stores samples of `delivery` through SQLite; one already stored is kept as
    /// ``StepsRepository/storedAgain`` says.
    func insert(_ samples: [StepSample], delivery: Int64?, into sqlite: any SQLiteDatabase) async throws {
        let user = try SQLiteDataEncoder().encode(userID)
        let deliveryData: SQLiteData = delivery.map { .integer(SQLiteInt64($0)) } ?? .null
        for start in stride(from: 0, to: samples.count, by: Self.rowsPerInsert) {
            let rows = samples[start..<min(samples.count, start + Self.rowsPerInsert)]
            var binds: [SQLiteData] = []
            binds.reserveCapacity(rows.count * Self.insertedColumns.count)
            for sample in rows {
                binds.append(user)
                binds.append(.text(sample.sourceName))
                binds.append(.integer(SQLiteInt64(sample.kind.rawValue)))
                binds.append(.float(sample.start))
                binds.append(.float(sample.end))
                binds.append(.integer(SQLiteInt64(sample.utcOffset)))
                binds.append(.float(sample.value))
                binds.append(.integer(SQLiteInt64(DailyStepTotals.localDay(sample.start, offset: sample.utcOffset))))
                binds.append(.integer(SQLiteInt64(sample.channel.rawValue)))
                binds.append(deliveryData)
            }
            _ = try await sqlite.query(Self.sqliteInsert(rows: rows.count), binds)
        }
    }

    /// The stored samples starting on local days `days`, read through SQLite. Rows become
    /// samples as SQLite yields them, so a dense month never sits in memory twice.
    func samples(startingOn days: ClosedRange<Int>, from sqlite: any SQLiteDatabase) async throws -> [StepSample] {
        let collected = NIOLockedValueBox<(samples: [StepSample], unreadable: Bool)>(([], false))
        let binds: [SQLiteData] = [
            try SQLiteDataEncoder().encode(userID), .integer(SQLiteInt64(days.lowerBound)), .integer(SQLiteInt64(days.upperBound)),
        ]
        // The connection's own query calls back on its thread; the database-level one schedules
        // an event-loop task per row, which costs more than reading the row.
        try await sqlite.withConnection { connection in
            try await connection.query(
                """
                SELECT source_name, source_kind, start_at, end_at, utc_offset, value, channel FROM step_samples
                WHERE user_id = ?1 AND local_day >= ?2 AND local_day <= ?3
                """, binds
            ) { row in
                let sample = Self.sample(row)
                collected.withLockedValue { collected in
                    if let sample { collected.samples.append(sample) } else { collected.unreadable = true }
                }
            }
        }
        let result = collected.withLockedValue { $0 }
        if result.unreadable { throw StoredSampleUnreadable() }
        return result.samples
    }

    /// The sample of a row selected by ``samples(startingOn:from:)``, by column position.
    private static func sample(_ row: SQLiteRow) -> StepSample? {
        let columns = row.columns
        guard columns.count == 7, let name = columns[0].data.string, let kind = columns[1].data.integer,
            let start = columns[2].data.double, let end = columns[3].data.double,
            let offset = columns[4].data.integer, let value = columns[5].data.double, let channel = columns[6].data.integer
        else { return nil }
        return StepSample(
            sourceName: name, kind: StepSourceKind(rawValue: Int(kind)) ?? .other, start: start, end: end, utcOffset: Int(offset),
            value: value, channel: StepChannel(rawValue: Int(channel)) ?? .push)
    }

    private static let sqliteFullInsert = sqliteInsertText(rows: rowsPerInsert)

    private static func sqliteInsert(rows: Int) -> String {
        rows == rowsPerInsert ? sqliteFullInsert : sqliteInsertText(rows: rows)
    }

    private static func sqliteInsertText(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: insertedColumns.count).joined(separator: ",") + ")"
        return "INSERT INTO step_samples (\(insertedColumns.joined(separator: ", "))) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ",")
            + " ON CONFLICT (\(identityColumns.joined(separator: ", "))) DO UPDATE SET "
            + storedAgain.map { "\($0.0) = \($0.1)" }.joined(separator: ", ")
    }
}

/// A stored sample with a column of the wrong type: the table was changed outside Kinetic.
struct StoredSampleUnreadable: Error, CustomStringConvertible {
    var description: String { "A stored step sample cannot be read." }
}
