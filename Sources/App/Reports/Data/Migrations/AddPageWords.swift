import Fluent
import SQLKit

/// On SQLite, makes `report_words` hold the pages' words too, now that a search gives a prefix
/// to the pages as the words of `report_words` it starts (``ReportSearchIndex/prefixWords(for:on:)``):
/// the ranked text can lack some of them.
struct AddPageWords: AsyncMigration {
    func prepare(on database: Database) async throws {
        let sql = try database.sql()
        guard sql.dialect.name == "sqlite" else { return }
        try await database.transaction { database in try await ReportSearchIndex.refreshWords(on: database.sql(), withSpellings: false) }
    }

    func revert(on database: Database) async throws {}
}
