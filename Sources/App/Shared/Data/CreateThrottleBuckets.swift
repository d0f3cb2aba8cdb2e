import Fluent
import SQLKit

/// The table of ``Throttle``: one row per token bucket, times as seconds since 1970.
struct CreateThrottleBuckets: AsyncMigration {
    func prepare(on database: Database) async throws {
        let sql = try database.sql()
        let double = SQLRaw("DOUBLE PRECISION")
        try await sql.create(table: Throttle.table)
            .column("bucket_key", type: .text, .primaryKey(autoIncrement: false))
            .column("tokens", type: .custom(double), .notNull)
            .column("updated_at", type: .custom(double), .notNull)
            .run()
        try await sql.create(index: "throttle_buckets_updated_at").on(Throttle.table).column("updated_at").run()
    }

    func revert(on database: Database) async throws {
        try await database.sql().drop(table: Throttle.table).run()
    }
}
