import Fluent
import SQLKit

/// The report library: `report_libraries` (its title), `report_categories`, `reports`, and
/// `report_search`, the full-text index over each report's title, keywords and text — an FTS5
/// table on SQLite, a table with a weighted `tsvector` column and a GIN index on PostgreSQL.
struct CreateReports: AsyncMigration {
    func prepare(on database: Database) async throws {
        try await database.schema(ReportLibraryRecord.schema)
            .field("id", .string, .identifier(auto: false))
            .field("title", .string, .required)
            .field("imported_at", .datetime, .required)
            .field("report_count", .int, .required)
            .field("page_count", .int, .required)
            .create()
        try await database.schema(ReportCategoryRecord.schema)
            .field("id", .string, .identifier(auto: false))
            .field("title", .string, .required)
            .field("summary", .string)
            .field("parent_id", .string)
            .field("position", .int, .required)
            .field("depth", .int, .required)
            .create()
        try await database.sql().create(index: "report_categories_parent").on(ReportCategoryRecord.schema).column("parent_id").column(
            "position"
        ).run()
        try await database.schema(ReportRecord.schema)
            .field("id", .string, .identifier(auto: false))
            .field("title", .string, .required)
            .field("summary", .string)
            .field("date", .string)
            .field("keywords", .string, .required)
            .field("category_id", .string)
            .field("position", .int, .required)
            .field("file_name", .string, .required)
            .field("stored_folder", .string, .required)
            .field("sha256", .string, .required)
            .field("byte_count", .int64, .required)
            .field("page_count", .int, .required)
            .field("page_width", .int, .required)
            .field("page_height", .int, .required)
            .field("imported_at", .datetime, .required)
            .unique(on: "stored_folder")
            .create()
        try await database.sql().create(index: "reports_category").on(ReportRecord.schema).column("category_id").column("position").run()
        try await ReportSearchIndex.create(on: database.sql())
    }

    func revert(on database: Database) async throws {
        try await ReportSearchIndex.drop(on: database.sql())
        try await database.schema(ReportRecord.schema).delete()
        try await database.schema(ReportCategoryRecord.schema).delete()
        try await database.schema(ReportLibraryRecord.schema).delete()
    }
}
