import Fluent
import Foundation
import SQLKit

extension Database {
    /// The sum of `byte_count` over the rows of `table` whose `owner` column is `userID`: the
    /// files a module keeps for one user (``KineticModule/storedBytes(of:on:)``).
    func sumOfByteCounts(in table: String, owner: String, is userID: UUID) async throws -> Int {
        // PostgreSQL sums a BIGINT as NUMERIC: cast back, on both databases alike.
        let row = try await sql().select().column(SQLRaw("CAST(COALESCE(SUM(byte_count), 0) AS BIGINT)"), as: "total")
            .from(table).where(SQLColumn(owner), .equal, SQLBind(userID)).first()
        return try row?.decode(column: "total", as: Int.self) ?? 0
    }
}
