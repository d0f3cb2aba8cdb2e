import Fluent
import SQLKit

/// `report_spellings`: each indexed word whose spelling key (``SpellingKey``) is not the word
/// itself, under that key, so that a search finds "Straße" by "strasse", "Größe" by "groesse"
/// and "Søren" by "soren" on SQLite and PostgreSQL alike (``ReportSearchIndex/spellings(for:on:)``);
/// filled for the library there is.
struct AddReportSpellings: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.transaction { database in
            let sql = try database.sql()
            let text = sql.dialect.name == "sqlite" ? "TEXT" : #"TEXT COLLATE "C""#
            try await sql.raw(
                "CREATE TABLE report_spellings (spelling \(unsafeRaw: text) NOT NULL, word \(unsafeRaw: text) NOT NULL, PRIMARY KEY (spelling, word))"
            ).run()
            try await ReportSearchIndex.refreshWords(on: sql)
        }
    }

    func revert(on database: Database) async throws {
        try await database.sql().raw("DROP TABLE report_spellings").run()
    }
}
