import Fluent
import SQLKit

/// On SQLite, gives each report's pages the rows `row_base + page` of `report_pages` and keeps
/// each report's `row_base` in `report_page_rows`, so a search tells each found report's
/// matching pages from their row numbers without reading their columns. On both databases, each report
/// whose text was indexed cut at 200,000 characters is indexed again from its pages, with the
/// words of the rest (``ReportRankedText``): before, a word only found late in a long report
/// did not find it.
struct NumberReportPages: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.transaction { database in
            let sql = try database.sql()
            if sql.dialect.name == "sqlite" {
                try await ReportSearchIndex.createPageRows(on: sql)
                try await sql.raw("CREATE TABLE report_pages_before AS SELECT report_id, page, contents, body FROM report_pages").run()
                // Each report's rows follow the last page of the reports before it, by id.
                try await sql.raw(
                    """
                    INSERT INTO report_page_rows (report_id, row_base, pages)
                    SELECT report_id, coalesce(sum(max(page)) OVER (ORDER BY report_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0), max(page)
                    FROM report_pages_before GROUP BY report_id
                    """
                ).run()
                try await sql.raw("DELETE FROM report_pages").run()
                try await sql.raw(
                    """
                    INSERT INTO report_pages (rowid, report_id, page, contents, body)
                    SELECT row_base + page, report_id, page, contents, body
                    FROM report_pages_before JOIN report_page_rows USING (report_id) ORDER BY 1
                    """
                ).run()
                try await sql.raw("DROP TABLE report_pages_before").run()
            }
            try await ReportSearchIndex.reindexCutReports(on: sql)
            try await ReportSearchIndex.refreshWords(on: sql, withSpellings: false)
        }
    }

    func revert(on database: Database) async throws {
        try await database.sql().raw("DROP TABLE IF EXISTS report_page_rows").run()
    }
}
